/**
 * Benchmark (c): shop-api latency at catalogue scale — p50/p95 of a filtered listing (family +
 * vehicle) and a family listing as the storefront asks for them (its page size and order), a part
 * fetch and an OEM reference search, over real HTTP on loopback, on PGlite and, when
 * DATABASE_URL is set, PostgreSQL. The catalogue (BENCH_PARTS, default 200 000) is seeded once and
 * kept (var/bench/pglite, database shop_bench) for later runs. Prints figures only.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../shop-api/src/app.js';
import { openDatabase, type Database } from '../shop-api/src/db/client.js';
import { PAGE_SIZE } from '../lib/catalogue/parts.ts';
import { progressReporter } from '../shop-api/src/seed/progress.js';
import { catalogueSize, isSeeded, resetCatalogue, seedCatalogue } from '../shop-api/src/seed/seed.js';

const parts = Number(process.env.BENCH_PARTS || 200_000);
const samples = Number(process.env.BENCH_SAMPLES || 300);
const root = fileURLToPath(new URL('..', import.meta.url));

async function ensureCatalogue(database: Database, label: string) {
  await database.migrate();
  if ((await isSeeded(database.db)) && (await catalogueSize(database.db)) === parts) return;
  if (await isSeeded(database.db)) await resetCatalogue(database.db);
  const progress = progressReporter(`seed ${label}`);
  await seedCatalogue(database.db, { parts, onProgress: progress.update });
  progress.stop();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(base: string, label: string, urls: () => string) {
  for (let i = 0; i < 20; i++) await (await fetch(base + urls())).arrayBuffer(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const response = await fetch(base + urls());
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${label}: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `${label.padEnd(34)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`;
}

async function run(database: Database, label: string) {
  await ensureCatalogue(database, label);
  const app = await buildApp({
    db: database.db,
    publicUrl: 'http://localhost',
    mediaDir: join(root, 'var/bench/media'),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v2/shop`;
  const sample = (await (
    await fetch(`${base}/products?itemsPerPage=100&taxon=family_bv-pont-transmission`)
  ).json()) as {
    'hydra:member': { code: string; oemReference: string; mainTaxon: string; donorVehicle: { code: string } }[];
  };
  const items = sample['hydra:member'];
  let i = 0;
  const next = () => items[i++ % items.length]!;
  console.log(`\n${label}, ${parts} parts, ${samples} requests each`);
  console.log(
    await measure(base, 'listing (family + vehicle)', () => {
      const item = next();
      return `/products?taxon=family_bv-pont-transmission&vehicle=${item.donorVehicle.code}&itemsPerPage=${PAGE_SIZE}&order[createdAt]=desc`;
    }),
  );
  console.log(
    await measure(
      base,
      'listing (family, newest first)',
      () => `/products?taxon=family_carrosserie&itemsPerPage=${PAGE_SIZE}&order[createdAt]=desc&page=${(i++ % 20) + 1}`,
    ),
  );
  console.log(await measure(base, 'part fetch', () => `/products/${next().code}`));
  console.log(
    await measure(
      base,
      'reference search',
      () => `/products?search=${encodeURIComponent(next().oemReference.replace(/\s/g, ''))}`,
    ),
  );
  await app.close();
}

const pglite = await openDatabase({ dataDir: join(root, 'var/bench/pglite') });
try {
  await run(pglite, 'PGlite');
} finally {
  await pglite.close();
}

if (process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'shop_bench'`);
  if (exists.rowCount === 0) await admin.query('CREATE DATABASE shop_bench');
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = '/shop_bench';
  const postgres = await openDatabase({ url: url.toString() });
  try {
    await run(postgres, 'PostgreSQL');
  } finally {
    await postgres.close();
  }
}
