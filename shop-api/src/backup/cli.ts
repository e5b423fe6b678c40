/**
 * `npm run backup -- [--out FILE]` and `npm run restore -- FILE`: the database named by DATABASE_URL,
 * or the PGlite files under the var dir, with the part photos (`archive.ts`). PostgreSQL is backed up
 * while the shop runs; PGlite is one process, so its backup and restore run with the shop stopped.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, repoRoot } from '../config.js';
import { DatabaseBusyError, openDatabase } from '../db/client.js';
import {
  BackupError,
  createBackup,
  differencesFrom,
  openBackup,
  pgliteFilesOf,
  restorePhotos,
  restorePostgres,
  type BackupManifest,
} from './archive.js';

const USAGE = `Utilisation :
  npm run backup -- [--out FICHIER]   sauvegarde la base et les photos (par défaut sous backups/)
  npm run restore -- FICHIER          restaure une sauvegarde dans une base vide, puis la vérifie`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string' }, help: { type: 'boolean', default: false } },
});
const [command, archive] = positionals;
if (values.help || (command !== 'backup' && command !== 'restore') || (command === 'restore' && !archive)) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}

const config = loadConfig();
const pgliteDir = join(config.varDir, 'pglite');
const mediaDir = join(config.varDir, 'media');
const rowsOf = (manifest: BackupManifest, table: string) =>
  manifest.tables.find((entry) => entry.table === `public.${table}`)?.rows ?? 0;
const summary = (manifest: BackupManifest) =>
  `${rowsOf(manifest, 'orders')} commandes et paniers, ${rowsOf(manifest, 'customers')} clients, ` +
  `${rowsOf(manifest, 'products')} pièces, ${manifest.photos} photos`;

async function backup() {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const outFile = resolve(values.out ?? join(repoRoot, 'backups', `boutique-${stamp}.tar.gz`));
  mkdirSync(dirname(outFile), { recursive: true, mode: 0o700 });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: pgliteDir });
  try {
    const manifest = await createBackup(database, mediaDir, outFile);
    console.log(`Sauvegarde écrite : ${outFile}\n(${database.kind}) ${summary(manifest)}.`);
  } finally {
    await database.close();
  }
}

async function restore() {
  const { dir, manifest } = await openBackup(resolve(archive!));
  try {
    const target = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== target)
      throw new BackupError(
        `Cette sauvegarde est celle d’une base ${manifest.database} ; la boutique est réglée sur ${target} (DATABASE_URL).`,
      );
    if (target === 'pglite' && existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0)
      throw new BackupError(`${pgliteDir} n’est pas vide : déplacez-le (ou choisissez un autre SHOP_VAR_DIR) d’abord.`);
    const database =
      target === 'pglite'
        ? await openDatabase({ dataDir: pgliteDir, loadDataDir: pgliteFilesOf(dir) })
        : await openDatabase({ url: config.databaseUrl });
    try {
      if (target === 'postgres') await restorePostgres(database, dir);
      // After the database, which refuses first when it is not empty.
      restorePhotos(dir, mediaDir);
      const differences = await differencesFrom(database, manifest);
      if (differences.length > 0)
        throw new BackupError(`La base restaurée diffère de la sauvegarde :\n  ${differences.join('\n  ')}`);
      console.log(`Sauvegarde du ${manifest.createdAt} restaurée et vérifiée, table par table : ${summary(manifest)}.`);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

try {
  await (command === 'backup' ? backup() : restore());
} catch (error) {
  if (!(error instanceof BackupError) && !(error instanceof DatabaseBusyError)) throw error;
  console.error(error.message);
  process.exit(1);
}
