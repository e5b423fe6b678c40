/**
 * Opens the database: embedded PGlite (files under the var dir) by default, PostgreSQL through
 * node-postgres when a connection URL is given. Both run the same SQL migrations.
 */
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
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

export interface OpenOptions {
  /** PostgreSQL connection URL; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; when absent with no URL, an in-memory database (tests). */
  dataDir?: string;
  /** Called with each SQL statement Drizzle sends: tests count what a request costs. */
  onQuery?: (sql: string) => void;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => process.stderr.write(`PostgreSQL: connexion perdue (${error.message})\n`));
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const { dataDir } = options;
  if (dataDir) ownerOnlyFolder(dataDir);
  const client = new PGlite({ dataDir, extensions: { pg_trgm } });
  await client.waitReady;
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
      if (dataDir) restrictToOwner(dataDir);
    },
  };
}
