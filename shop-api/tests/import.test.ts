/**
 * `npm run import` against a listening shop API: the sample CSV of the repository with its photos —
 * created, sold and withdrawn parts, a refused line reported in French and in a CSV, the storefront
 * told of every change — then again: nothing changes, nobody is told.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueChange } from '../src/notify/catalogue-events.js';
import type { StorefrontNotifier } from '../src/notify/storefront.js';
import { BACKENDS, startTestShop, type TestShop } from './helpers/backends.js';

const API = '/api/v2/shop';
const STAFF = 'staff-token-for-the-import-command-0123';
const samples = fileURLToPath(new URL('../samples/', import.meta.url));
const cli = fileURLToPath(new URL('../src/staff/import-cli.ts', import.meta.url));

describe.each(BACKENDS)('parts import on %s', (backend) => {
  let shop: TestShop;
  const told: CatalogueChange[] = [];
  const notifier: StorefrontNotifier = {
    announce: (change) => {
      told.push(change);
    },
    flush: async () => {},
  };
  const work = mkdtempSync(join(tmpdir(), 'import-'));
  const csv = join(work, 'pieces.csv');
  let run: (...args: string[]) => Promise<{ stdout: string; stderr: string; code: number }>;
  const get = async (url: string) => {
    const response = await shop.app.inject({ method: 'GET', url, headers: { accept: 'application/ld+json' } });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };

  beforeAll(async () => {
    shop = await startTestShop(backend, 10, { staffToken: STAFF, notifier });
    await shop.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (shop.app.server.address() as AddressInfo).port;
    copyFileSync(join(samples, 'pieces-exemple.csv'), csv);
    run = (...args) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], {
        env: { ...process.env, SHOP_API_URL: `http://127.0.0.1:${port}`, STAFF_API_TOKEN: STAFF },
      }).then(
        ({ stdout, stderr }) => ({ stdout, stderr, code: 0 }),
        (error: { stdout: string; stderr: string; code: number }) => ({
          stdout: error.stdout,
          stderr: error.stderr,
          code: error.code,
        }),
      );
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('imports the sample: parts, photos, sales, withdrawals and a report of the refused line', async () => {
    const { stdout, stderr, code } = await run(csv, '--photos', join(samples, 'photos'));
    // Progress: a bar on a terminal, a line per step elsewhere (here).
    expect(stderr).toMatch(/^Import 0 % \(0\/5 pièces/m);
    expect(stderr).toMatch(/^Import 100 % \(5\/5 pièces, [\d.]+ s\)$/m);
    expect(stdout).toContain(
      'Pièces créées : 4 · modifiées : 0 · vendues : 0 · retirées : 0 · inchangées : 0 · rejetées : 1 · photos nouvelles : 3',
    );
    expect(stdout).toMatch(/ligne 6 \(IMP-0005\) refusée : Prix « quatre-vingts »/);
    expect(code).toBe(2);
    const report = readFileSync(join(work, 'pieces.rejets.csv'), 'utf8');
    expect(report).toContain('ligne;code;nom');
    expect(report).toMatch(/6;IMP-0005;Alternateur;.*État « D » : A, B ou C\./);

    const turbo = (await get(`${API}/products/IMP-0001`)).body;
    expect(turbo).toMatchObject({ name: 'Turbo Renault Clio III 1.5 dCi 85', oemReference: '54399880030' });
    expect(turbo.defaultVariantData).toMatchObject({ price: 38900, inStock: true });
    expect(turbo.images).toHaveLength(2);
    const photo = await shop.app.inject({ method: 'GET', url: new URL(turbo.images[0].path).pathname });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect((await get(`${API}/products/IMP-0003`)).body.soldAt).not.toBeNull();
    expect((await get(`${API}/products/IMP-0004`)).status).toBe(404);
    const search = (await get(`${API}/products?name=turbo%20clio`)).body['hydra:member'].map(
      (part: { code: string }) => part.code,
    );
    expect(search).toContain('IMP-0001');
    expect(told).toEqual(
      expect.arrayContaining([
        { event: 'created', codes: ['IMP-0001'] },
        { event: 'created', codes: ['IMP-0002'] },
        { event: 'created', codes: ['IMP-0003'] },
        { event: 'sold', codes: ['IMP-0003'] },
        { event: 'created', codes: ['IMP-0004'] },
        { event: 'changed', codes: ['IMP-0001'] },
      ]),
    );
  });

  it('changes nothing and tells nobody when run again, then applies an edited line', async () => {
    told.length = 0;
    const again = await run(csv, '--photos', join(samples, 'photos'));
    expect(again.stdout).toContain(
      'Pièces créées : 0 · modifiées : 0 · vendues : 0 · retirées : 0 · inchangées : 4 · rejetées : 1 · photos nouvelles : 0',
    );
    expect(told).toEqual([]);

    writeFileSync(
      csv,
      readFileSync(csv, 'utf8')
        .replace('119,90', '99,00')
        .replace('IMP-0001-a.jpg|IMP-0001-b.jpg;en_vente', 'IMP-0001-a.jpg;vendue'),
    );
    const edited = await run(csv, '--photos', join(samples, 'photos'));
    expect(edited.stdout).toContain(
      'Pièces créées : 0 · modifiées : 1 · vendues : 1 · retirées : 0 · inchangées : 2 · rejetées : 1',
    );
    expect((await get(`${API}/products/IMP-0002`)).body.defaultVariantData.price).toBe(9900);
    const turbo = (await get(`${API}/products/IMP-0001`)).body;
    expect(turbo.soldAt).not.toBeNull();
    expect(turbo.images).toHaveLength(1);
    expect(told).toEqual(
      expect.arrayContaining([
        { event: 'changed', codes: ['IMP-0002'] },
        { event: 'sold', codes: ['IMP-0001'] },
      ]),
    );
  });

  it('refuses a file it cannot read and a missing column, in French', async () => {
    writeFileSync(csv, 'code;nom\nX-1;Pièce\n');
    const missing = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, csv], {
      env: { ...process.env, STAFF_API_TOKEN: STAFF },
    }).catch((error: { stderr: string; code: number }) => error);
    expect(missing).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Colonnes manquantes : sous_famille, prix, etat, garantie_mois, poids_kg'),
    });
    expect(existsSync(join(work, 'absent.csv'))).toBe(false);
    const absent = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, join(work, 'absent.csv')], {
      env: { ...process.env, STAFF_API_TOKEN: STAFF },
    }).catch((error: { stderr: string }) => error);
    expect(absent).toMatchObject({ stderr: expect.stringContaining('Fichier introuvable') });
  });
});
