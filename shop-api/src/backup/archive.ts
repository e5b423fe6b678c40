/**
 * Backups of the shop: one `.tar.gz` holding the database (PostgreSQL's `pg_dump` custom format, or
 * PGlite's files), the part photos, and a manifest listing every table's row count and digest. A
 * restore goes into an empty database of the same kind and checks every table against the manifest:
 * a backup that does not restore to the same rows says so.
 */
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { tableDigests, type TableDigest } from '../db/digest.js';
import type { Database } from '../db/client.js';

const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  database: Database['kind'];
  createdAt: string;
  /** Every table's rows and digest at the moment of the backup. */
  tables: TableDigest[];
  photos: number;
}

/** A refusal of the backup tools, in French, for the person running them. */
export class BackupError extends Error {}

const DUMP_FILE = { postgres: 'database.pgdump', pglite: 'pglite.tar.gz' } as const;

/** Runs a command; its error output becomes the refusal when it fails. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error) => reject(new BackupError(`${command} introuvable ou refusé : ${error.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} a échoué (code ${code}) : ${errors.trim()}`)),
    );
  });
}

/** The PostgreSQL tool of the server's major version (Debian installs each under its version), else the one on PATH. */
async function postgresTool(database: Database, tool: 'pg_dump' | 'pg_restore'): Promise<string> {
  const result = (await database.db.execute(sql`SHOW server_version_num`)) as unknown as {
    rows: { server_version_num: string }[];
  };
  const major = Math.floor(Number(result.rows[0]!.server_version_num) / 10_000);
  const versioned = `/usr/lib/postgresql/${major}/bin/${tool}`;
  return existsSync(versioned) ? versioned : tool;
}

const countFiles = (dir: string): number =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).reduce(
        (sum, entry) => sum + (entry.isDirectory() ? countFiles(join(dir, entry.name)) : 1),
        0,
      )
    : 0;

/**
 * Writes a backup of `database` and the photos under `mediaDir` to `outFile` (owner-only: it holds
 * personal data). PostgreSQL is dumped while the shop runs (one consistent snapshot); PGlite's
 * files are read by the process that has them open.
 */
export async function createBackup(
  database: Database,
  mediaDir: string,
  outFile: string,
  now = new Date(),
): Promise<BackupManifest> {
  const work = mkdtempSync(join(tmpdir(), 'boutique-sauvegarde-'));
  try {
    const tables = await tableDigests(database.db);
    if (database.kind === 'postgres') {
      await run(await postgresTool(database, 'pg_dump'), [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${join(work, DUMP_FILE.postgres)}`,
        database.url!,
      ]);
    } else {
      const files = await database.dumpFiles!();
      writeFileSync(join(work, DUMP_FILE.pglite), Buffer.from(await files.arrayBuffer()));
    }
    if (existsSync(mediaDir)) cpSync(mediaDir, join(work, 'media'), { recursive: true });
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      database: database.kind,
      createdAt: now.toISOString(),
      tables,
      photos: countFiles(mediaDir),
    };
    writeFileSync(join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await run('tar', ['-czf', outFile, '-C', work, '.']);
    chmodSync(outFile, 0o600);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Unpacks a backup and reads its manifest; the caller removes `dir`. */
export async function openBackup(archive: string): Promise<{ dir: string; manifest: BackupManifest }> {
  if (!existsSync(archive)) throw new BackupError(`Sauvegarde introuvable : ${archive}`);
  const dir = mkdtempSync(join(tmpdir(), 'boutique-restauration-'));
  try {
    await run('tar', ['-xzf', archive, '-C', dir]);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`Format de sauvegarde inconnu : ${manifest.format}`);
    return { dir, manifest };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Ce fichier n’est pas une sauvegarde de la boutique : ${(error as Error).message}`);
  }
}

/** The PGlite files of an unpacked backup, to open a database from (`loadDataDir`). */
export const pgliteFilesOf = (dir: string) => new Blob([readFileSync(join(dir, DUMP_FILE.pglite))]);

/** Restores an unpacked PostgreSQL backup into `database`, which must have no table yet. */
export async function restorePostgres(database: Database, dir: string): Promise<void> {
  const result = (await database.db.execute(
    sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
  )) as unknown as { rows: { n: number }[] };
  if (result.rows[0]!.n > 0)
    throw new BackupError(
      'La base PostgreSQL cible n’est pas vide : restaurez dans une base neuve (createdb), puis pointez DATABASE_URL dessus.',
    );
  await run(await postgresTool(database, 'pg_restore'), [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    `--dbname=${database.url!}`,
    join(dir, DUMP_FILE.postgres),
  ]);
}

/** Puts the photos of an unpacked backup in `mediaDir`, which must be empty or absent. */
export function restorePhotos(dir: string, mediaDir: string): void {
  if (existsSync(mediaDir) && readdirSync(mediaDir).length > 0)
    throw new BackupError(`Le dossier des photos ${mediaDir} n’est pas vide : videz-le ou déplacez-le d’abord.`);
  if (existsSync(join(dir, 'media'))) cpSync(join(dir, 'media'), mediaDir, { recursive: true });
}

/** The tables whose rows differ from the manifest's (none: the restore is the backup). */
export async function differencesFrom(database: Database, manifest: BackupManifest): Promise<string[]> {
  const now = new Map((await tableDigests(database.db)).map((table) => [table.table, table]));
  const differences: string[] = [];
  for (const table of manifest.tables) {
    const restored = now.get(table.table);
    if (!restored) differences.push(`${table.table} : absente`);
    else if (restored.rows !== table.rows || restored.md5 !== table.md5)
      differences.push(`${table.table} : ${restored.rows} lignes au lieu de ${table.rows}, ou contenu différent`);
  }
  return differences;
}
