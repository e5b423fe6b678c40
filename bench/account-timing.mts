/**
 * Do the account routes that take any e-mail answer in the same time whether or not the address has
 * an account? Builds the shop API on a fresh PGlite database, registers one customer, then times, over
 * HTTP, RESET_REQUESTS (default 400) password-reset requests and REGISTRATION_REQUESTS (default 100)
 * registrations, the customer's address or unknown ones in a shuffled order, and prints the median and
 * 90th percentile of each. Run: `node --import tsx bench/account-timing.mts`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../shop-api/src/app.ts';
import { openDatabase } from '../shop-api/src/db/client.ts';
import { createMailer } from '../shop-api/src/mail/mailer.ts';
import { seedCatalogue } from '../shop-api/src/seed/seed.ts';

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
const CLIENT = `
  const { parentPort, workerData: { base, count, path, status, registration } } = require('node:worker_threads');
  (async () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const timings = { known: [], unknown: [] };
    for (let i = 0; i < count + 40; i++) {
      const known = random() < 0.5;
      const email = known ? 'connue@exemple.fr' : 'inconnue-' + i + '@exemple.fr';
      const body = registration
        ? { firstName: 'Paul', lastName: 'Leroy', email, password: 'un-mot-de-passe-' + i }
        : { email };
      const started = performance.now();
      const response = await fetch(base + path, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.status !== status) throw new Error(path + ': ' + response.status);
      if (i >= 40) timings[known ? 'known' : 'unknown'].push(elapsed); // the first ones warm up
    }
    parentPort.postMessage(timings);
  })();
`;
const timed = (workerData: { count: number; path: string; status: number; registration: boolean }) =>
  new Promise<{ known: number[]; unknown: number[] }>((resolve, reject) => {
    const client = new Worker(CLIENT, { eval: true, workerData: { base, ...workerData } });
    client.once('message', resolve);
    client.once('error', reject);
  });
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!;
const runs = [
  {
    title: 'demande de nouveau mot de passe',
    count: Number(process.env.RESET_REQUESTS || 400),
    path: '/api/v2/shop/customers/reset-password',
    status: 202,
    registration: false,
  },
  {
    title: 'inscription',
    count: Number(process.env.REGISTRATION_REQUESTS || 100),
    path: '/api/v2/shop/customers',
    status: 204,
    registration: true,
  },
];
for (const { title, ...run } of runs) {
  const timings = await timed(run);
  console.log(title);
  for (const [kind, values] of Object.entries(timings)) {
    console.log(
      `  ${kind === 'known' ? 'adresse connue  ' : 'adresse inconnue'} : médiane ${quantile(values, 0.5).toFixed(2)} ms, p90 ${quantile(values, 0.9).toFixed(2)} ms (${values.length} requêtes)`,
    );
  }
}
await app.close();
await database.close();
