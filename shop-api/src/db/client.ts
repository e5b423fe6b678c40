/**
 * Opens the database: embedded PGlite (files under the var dir) by default, PostgreSQL through
 * node-postgres when a connection URL is given. Both run the same SQL migrations.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { ownerOnlyFolder, restrictToOwner } from '../var-dir.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: its connection URL (`pg_dump` takes it). */
  url?: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: its files as a gzipped tar (a backup; `loadDataDir` opens one). */
  dumpFiles?: () => Promise<Blob>;
  /** PGlite only: the embedded database itself, for the job queue (jobs/queue.ts), which shares it. */
  pglite?: PGlite;
}

const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

export interface OpenOptions {
  /** PostgreSQL connection URL; when absent, PGlite is used. */
  url?: string;
  /** PostgreSQL: connections kept at most (default 10). */
  poolMax?: number;
  /** PGlite data directory; when absent with no URL, an in-memory database (tests). */
  dataDir?: string;
  /** Called with each SQL statement Drizzle sends: tests count what a request costs. */
  onQuery?: (sql: string) => void;
  /** PGlite only: files to start from (a backup's, into an empty `dataDir`). */
  loadDataDir?: Blob;
}

/** Whether a process runs (a signal 0 reaches it, or exists but is another user's). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The PGlite files are another running process's (the shop's, most often). */
export class DatabaseBusyError extends Error {}

/**
 * PGlite is one process: a second one opening the same files (a CLI while the shop runs) would
 * corrupt them. A pid file beside the folder says who has it; one left by a process that died is taken.
 */
function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.pid`;
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(file, 'utf8'));
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && running(holder))
      throw new DatabaseBusyError(
        `Les fichiers PGlite ${dataDir} sont ouverts par un autre processus (pid ${holder}) : arrêtez d’abord la boutique (Ctrl-C).`,
      );
    writeFileSync(file, String(process.pid), { mode: 0o600 });
  }
  return () => rmSync(file, { force: true });
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolMax ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => process.stderr.write(`PostgreSQL: connexion perdue (${error.message})\n`));
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: options.url,
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const { dataDir } = options;
  if (dataDir) ownerOnlyFolder(dataDir);
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const client = new PGlite({ dataDir, extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
  try {
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  // PGlite writes its files 0666 whatever the umask: owner-only again once open, and once closed.
  if (dataDir) restrictToOwner(dataDir);
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      if (dataDir) restrictToOwner(dataDir);
    },
    close: async () => {
      await client.close();
      unlock();
      if (dataDir) restrictToOwner(dataDir);
    },
    dumpFiles: () => client.dumpDataDir('gzip'),
    pglite: client,
  };
}
