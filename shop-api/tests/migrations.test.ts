import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const shopApi = fileURLToPath(new URL('..', import.meta.url));
const drizzleKit = fileURLToPath(new URL('../../node_modules/.bin/drizzle-kit', import.meta.url));

/** Every file of a migrations folder, journal and snapshots included. */
const listing = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();

describe('migrations', () => {
  const out = mkdtempSync(join(tmpdir(), 'shop-migrations-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  // A change to schema.ts without its migration would reach the database only on a fresh install,
  // and `npm run db:generate -w shop-api` must run as the README says (drizzle-kit finding drizzle-orm).
  it('hold every change of the schema: generating from schema.ts writes nothing new', async () => {
    cpSync(join(shopApi, 'migrations'), out, { recursive: true });
    const before = listing(out);
    const { stdout } = await promisify(execFile)(
      // drizzle-kit reads --out relative to its working directory (it prefixes './').
      drizzleKit,
      ['generate', '--dialect', 'postgresql', '--schema', './src/db/schema.ts', '--out', relative(shopApi, out)],
      { cwd: shopApi, env: { ...process.env, NO_COLOR: '1' } },
    );
    expect(stdout).toContain('No schema changes');
    expect(listing(out)).toEqual(before);
  });
});
