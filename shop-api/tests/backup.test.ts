/**
 * Backups (`npm run backup` / `npm run restore`, src/backup): a shop that sold, refunded and held parts
 * is backed up, restored into an empty database of the same kind, and found whole: every table row
 * for row, the photos byte for byte, and the money invariants the database states (I1, I3, I5).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BackupError,
  createBackup,
  differencesFrom,
  openBackup,
  pgliteFilesOf,
  restorePhotos,
  restorePostgres,
} from '../src/backup/archive.js';
import { DatabaseBusyError, openDatabase, type Database } from '../src/db/client.js';
import { readPartPhoto, savePartPhoto } from '../src/db/part-photos.js';
import { ALL_BACKENDS, freshDatabase } from './helpers/backends.js';
import { runMoneyModel, startModelShop, storedInvariantViolations, type ModelShop } from './model/money-model.js';

const count = async (database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

describe.each(ALL_BACKENDS)('backup and restore on %s', (backend) => {
  let shop: ModelShop | undefined;
  const work = mkdtempSync(join(tmpdir(), 'sauvegarde-test-'));
  afterAll(async () => {
    await shop?.close();
    rmSync(work, { recursive: true, force: true });
  });

  // A few model runs, a dump, a restore and two digests of every table: minutes on a busy 2-core machine.
  it(
    'restores into an empty database every order, customer and part, with the photos; the invariants hold on it',
    { timeout: 240_000 },
    async () => {
      shop = await startModelShop(backend);
      const result = await runMoneyModel(shop, { runs: 12, seed: 20261128, maxCommands: 20 });
      expect(result.failure).toBeNull();
      const media = join(work, 'media');
      mkdirSync(join(media, 'parts'), { recursive: true });
      const photo = Buffer.from('une photo de phare, en octets');
      writeFileSync(join(media, 'parts', 'phare-avant.webp'), photo);
      // A photo the staff imported lives in the database (decision 0037): the dump carries it.
      await savePartPhoto(shop.database.db, 'parts/P0000001-1-0123456789ab.webp', Buffer.from([0, 1, 2, 255]));

      const archive = join(work, 'boutique.tar.gz');
      const manifest = await createBackup(shop.database, media, archive, new Date('2026-11-28T10:00:00Z'));
      // Personal data: the owner's alone.
      expect(statSync(archive).mode & 0o777).toBe(0o600);
      expect(manifest).toMatchObject({ database: backend, photos: 1, createdAt: '2026-11-28T10:00:00.000Z' });
      const rows = (table: string) => manifest.tables.find((entry) => entry.table === `public.${table}`)!.rows;
      expect(rows('products')).toBe(40);
      expect(rows('customers')).toBeGreaterThan(0);
      expect(rows('payments')).toBeGreaterThan(0);
      expect(rows('part_photos')).toBe(1);
      const placed = await count(shop.database, sql`SELECT count(*)::int AS n FROM orders WHERE state <> 'cart'`);
      expect(placed).toBeGreaterThan(0);

      const { dir, manifest: read } = await openBackup(archive);
      expect(read).toEqual(manifest);
      const restored =
        backend === 'pglite'
          ? { database: await openDatabase({ dataDir: join(work, 'pglite'), loadDataDir: pgliteFilesOf(dir) }) }
          : await freshDatabase('postgres', { migrated: false });
      try {
        if (backend === 'postgres') {
          await restorePostgres(restored.database, dir);
          // A second restore into a database that has tables is refused: nothing is mixed.
          await expect(restorePostgres(restored.database, dir)).rejects.toThrow(BackupError);
        }
        expect(await differencesFrom(restored.database, manifest)).toEqual([]);
        expect(await readPartPhoto(restored.database.db, 'parts/P0000001-1-0123456789ab.webp')).toEqual(
          Buffer.from([0, 1, 2, 255]),
        );
        expect(await count(restored.database, sql`SELECT count(*)::int AS n FROM orders WHERE state <> 'cart'`)).toBe(
          placed,
        );
        expect(await storedInvariantViolations(restored.database.db)).toEqual([]);
        // The photos come back, into an empty folder only.
        const mediaBack = join(work, 'media-restauree');
        restorePhotos(dir, mediaBack);
        expect(readFileSync(join(mediaBack, 'parts', 'phare-avant.webp'))).toEqual(photo);
        expect(() => restorePhotos(dir, mediaBack)).toThrow(BackupError);
      } finally {
        await ('drop' in restored ? restored.drop() : restored.database.close());
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('says when a restored database differs from its backup', async () => {
    const archive = join(work, 'boutique.tar.gz');
    const { dir, manifest } = await openBackup(archive);
    rmSync(dir, { recursive: true, force: true });
    await shop!.database.db.execute(sql`UPDATE products SET name = name || ' (modifiée)' WHERE id = 1`);
    expect(await differencesFrom(shop!.database, manifest)).toEqual([
      expect.stringMatching(/^public\.products : 40 lignes au lieu de 40, ou contenu différent$/),
    ]);
    await expect(openBackup(join(work, 'absente.tar.gz'))).rejects.toThrow(BackupError);
  });
});

describe('PGlite files are one process’s', () => {
  it('another running process holding them refuses the open, in French; one that died does not', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pglite-verrou-')), 'pglite');
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(`${dataDir}.pid`, String(other.pid));
      await expect(openDatabase({ dataDir })).rejects.toThrow(DatabaseBusyError);
      await expect(openDatabase({ dataDir })).rejects.toThrow(/ouverts par un autre processus .*arrêtez d’abord/);
    } finally {
      other.kill();
    }
    await new Promise((resolve) => other.once('exit', resolve));
    const database = await openDatabase({ dataDir });
    expect(readFileSync(`${dataDir}.pid`, 'utf8')).toBe(String(process.pid));
    await database.close();
    expect(() => statSync(`${dataDir}.pid`)).toThrow();
  });
});
