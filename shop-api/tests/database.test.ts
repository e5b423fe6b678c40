import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { catalogueSize, isSeeded, resetCatalogue, seedCatalogue } from '../src/seed/seed.js';
import { ALL_BACKENDS, freshDatabase } from './helpers/backends.js';

describe('PGlite files under the var dir', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the catalogue across restarts and migrates idempotently', async () => {
    const first = await openDatabase({ dataDir: dir });
    await first.migrate();
    expect(await isSeeded(first.db)).toBe(false);
    const progress: number[] = [];
    await seedCatalogue(first.db, { parts: 120, onProgress: (done) => progress.push(done) });
    expect(progress).toEqual([0, 120]);
    await first.close();

    const second = await openDatabase({ dataDir: dir });
    await second.migrate();
    expect(await isSeeded(second.db)).toBe(true);
    expect(await catalogueSize(second.db)).toBe(120);
    await second.close();
  });
});

describe.each(ALL_BACKENDS)('seeding on %s', (backend) => {
  it('reports progress by batch and can be reset and loaded again', async () => {
    const { database, drop } = await freshDatabase(backend);
    try {
      const progress: number[] = [];
      await seedCatalogue(database.db, { parts: 1200, onProgress: (done) => progress.push(done) });
      expect(progress).toEqual([0, 500, 1000, 1200]);
      expect(await catalogueSize(database.db)).toBe(1200);
      await resetCatalogue(database.db);
      expect(await isSeeded(database.db)).toBe(false);
      await seedCatalogue(database.db, { parts: 10 });
      expect(await catalogueSize(database.db)).toBe(10);
    } finally {
      await drop();
    }
  });
});
