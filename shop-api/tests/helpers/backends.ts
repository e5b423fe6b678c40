/**
 * Databases the integration tests run against: PostgreSQL when DATABASE_URL is set (the stricter of
 * the two: real concurrency between connections, where PGlite runs one statement at a time), PGlite
 * otherwise. PGlite, the one-machine default, still runs every end-to-end journey, and the tests of
 * the database layer itself take both (ALL_BACKENDS). Each test file gets its own fresh database,
 * migrated and seeded with a small catalogue.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { openDatabase, type Database, type OpenOptions } from '../../src/db/client.js';
import { seedCatalogue } from '../../src/seed/seed.js';

export type Backend = 'pglite' | 'postgres';

export const BACKENDS: Backend[] = process.env.DATABASE_URL ? ['postgres'] : ['pglite'];
/** Both, when PostgreSQL is there: for what differs between them (migrations, seeding, transactions). */
export const ALL_BACKENDS: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestShop {
  database: Database;
  app: Awaited<ReturnType<typeof buildApp>>;
  mediaDir: string;
  close(): Promise<void>;
}

/** A throw-away database on `backend`, migrated; the caller seeds it. */
export async function freshDatabase(
  backend: Backend,
  { onQuery, migrated = true }: Pick<OpenOptions, 'onQuery'> & { migrated?: boolean } = {},
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (backend === 'pglite') {
    const database = await openDatabase({ onQuery });
    if (migrated) await database.migrate();
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.DATABASE_URL!;
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), onQuery });
  if (migrated) await database.migrate();
  return {
    database,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export const PUBLIC_URL = 'http://shop-api.test';

type ExtraOptions = Omit<Parameters<typeof buildApp>[0], 'db' | 'publicUrl' | 'mediaDir'>;

export async function startTestShop(backend: Backend, parts = 300, options: ExtraOptions = {}): Promise<TestShop> {
  const { database, drop } = await freshDatabase(backend);
  await seedCatalogue(database.db, { parts });
  const mediaDir = mkdtempSync(join(tmpdir(), 'shop-media-'));
  const app = await buildApp({
    db: database.db,
    publicUrl: PUBLIC_URL,
    mediaDir,
    logger: process.env.DBG ? { level: 'error' } : false,
    ...options,
  });
  return {
    database,
    app,
    mediaDir,
    async close() {
      await app.close();
      await drop();
    },
  };
}
