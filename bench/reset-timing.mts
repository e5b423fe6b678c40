/**
 * Does the password-reset request answer in the same time whether or not the address has an account?
 * Builds the shop API on a fresh PGlite database, registers one customer, then times
 * RESET_REQUESTS (default 400) reset requests over HTTP, the customer's address or unknown ones in
 * a shuffled order, and prints the median and 90th percentile of each. Run:
 * `node --import tsx bench/reset-timing.mts`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../shop-api/src/app.ts';
import { openDatabase } from '../shop-api/src/db/client.ts';
import { createMailer } from '../shop-api/src/mail/mailer.ts';
import { seedCatalogue } from '../shop-api/src/seed/seed.ts';

const COUNT = Number(process.env.RESET_REQUESTS || 400);
const database = await openDatabase({});
await database.migrate();
await seedCatalogue(database.db, { parts: 10 });
const app = await buildApp({
  db: database.db,
  publicUrl: 'http://127.0.0.1',
  mediaDir: mkdtempSync(join(tmpdir(), 'bench-media-')),
  mailer: createMailer({ outboxDir: mkdtempSync(join(tmpdir(), 'bench-outbox-')), from: 'boutique@bench' }),
  // Every request of this bench comes from 127.0.0.1: the limits are lifted far above its count.
  rateLimitScale: 1_000_000,
} as Parameters<typeof buildApp>[0]);
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const post = (path: string, body: unknown) =>
  fetch(`${base}/api/v2/shop/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const registered = await post('customers', {
  firstName: 'Léa',
  lastName: 'Martin',
  email: 'connue@exemple.fr',
  password: 'pieces-auto-2026',
});
if (registered.status !== 204) throw new Error(`registration: ${registered.status}`);

// The client runs on its own thread, like a browser elsewhere: what it times is when the answer
// reaches it, not when this thread gets round to reading it. The order is shuffled so that work left
// by one request (mails are sent after the answer) falls as often before either kind.
const client = new Worker(
  `
  const { parentPort, workerData: { base, count } } = require('node:worker_threads');
  (async () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const timings = { known: [], unknown: [] };
    for (let i = 0; i < count + 40; i++) {
      const known = random() < 0.5;
      const started = performance.now();
      const response = await fetch(base + '/api/v2/shop/customers/reset-password', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: known ? 'connue@exemple.fr' : 'inconnue-' + i + '@exemple.fr' }),
      });
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.status !== 202) throw new Error('reset request: ' + response.status);
      if (i >= 40) timings[known ? 'known' : 'unknown'].push(elapsed); // the first ones warm up
    }
    parentPort.postMessage(timings);
  })();
`,
  { eval: true, workerData: { base, count: COUNT } },
);
const timings = await new Promise<{ known: number[]; unknown: number[] }>((resolve, reject) => {
  client.once('message', resolve);
  client.once('error', reject);
});
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!;
for (const [kind, values] of Object.entries(timings)) {
  console.log(
    `${kind === 'known' ? 'adresse connue  ' : 'adresse inconnue'} : médiane ${quantile(values, 0.5).toFixed(2)} ms, p90 ${quantile(values, 0.9).toFixed(2)} ms (${values.length} requêtes)`,
  );
}
await app.close();
await database.close();
