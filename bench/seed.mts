/**
 * Benchmark: time to load the seed catalogue (default 200 000 parts, BENCH_PARTS to change) into a
 * fresh PGlite database on disk, and into PostgreSQL when DATABASE_URL is set. Prints figures only.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../shop-api/src/db/client.js';
import { seedCatalogue } from '../shop-api/src/seed/seed.js';

const parts = Number(process.env.BENCH_PARTS || 200_000);

async function measure(label: string, database: Database) {
  await database.migrate();
  const started = performance.now();
  await seedCatalogue(database.db, { parts });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `seed ${label.padEnd(10)} ${parts} parts in ${seconds.toFixed(1)} s (${Math.round(parts / seconds)} parts/s)`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'bench-seed-'));
try {
  const database = await openDatabase({ dataDir: dir });
  await measure('pglite', database);
  await database.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (process.env.DATABASE_URL) {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await measure('postgresql', database);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
}
