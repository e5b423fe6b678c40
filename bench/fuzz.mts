/**
 * `npm run bench:fuzz`: the full hostile-input run. (1) FUZZ_REQUESTS (default 10 000)
 * hostile requests over HTTP on every shop-API route, each refused one checked against a checksum of
 * every table (the test of `npm test`, longer); (2) FUZZ_STOREFRONT_REQUESTS (default 5 000) on the
 * storefront as `npm start` runs it: route handlers, guarded pages, server actions. Prints the counts.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { actionsOfBuild, storefrontHostileRequests } from '../tests/e2e/fuzz/storefront-hostile';
import { root, startShop } from './shop.mts';

const API_COUNT = Number(process.env.FUZZ_REQUESTS || 10_000);
const WEB_COUNT = Number(process.env.FUZZ_STOREFRONT_REQUESTS || 5_000);

console.log(`(1) shop-api : ${API_COUNT} requêtes hostiles (contrôle des tables après chaque refus)…`);
const api = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--project', 'shop-api', 'shop-api/tests/fuzz.test.ts'],
  {
    cwd: root,
    env: { ...process.env, FUZZ_REQUESTS: String(API_COUNT) },
    encoding: 'utf8',
  },
);
const summary = `${api.stdout}`.match(/fuzz shop-api : [^\n]+/)?.[0];
console.log(summary ?? api.stdout.slice(-2000));
console.log(
  api.status === 0
    ? 'aucune 5xx, aucune ressource d’un autre client servie, aucune écriture refusée'
    : 'ÉCHEC : voir ci-dessus',
);

console.log(`\n(2) vitrine : ${WEB_COUNT} requêtes hostiles…`);
const { shop } = await startShop('bench-fuzz', {
  web: Number(process.env.BENCH_WEB_PORT || 3600),
  api: Number(process.env.BENCH_API_PORT || 8600),
  parts: 600,
});
const actions = actionsOfBuild(join(root, '.next-bench-fuzz'));
const statuses = new Map<number, number>();
const failures: string[] = [];
const started = Date.now();
for (const hostile of storefrontHostileRequests({ origin: shop, actions }, WEB_COUNT, 11)) {
  try {
    const response = await fetch(shop + hostile.path, {
      method: hostile.method,
      headers: hostile.headers,
      body: hostile.body,
      redirect: 'manual',
    });
    await response.arrayBuffer();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    if (response.status >= 500)
      failures.push(`${hostile.method} ${hostile.path.slice(0, 100)} (${hostile.kind}) → ${response.status}`);
  } catch (error) {
    // Node refuses a request line over its 16 KB header limit by closing the connection: a refusal, not a failure.
    if (hostile.path.length > 16_000) statuses.set(0, (statuses.get(0) ?? 0) + 1);
    // Next answers "//" in a path with a 308 that repeats the address in two headers, before proxy.ts
    // runs: with a 12 KB address that is more than this client's 16 KB of response headers (browsers take it).
    else if ((error as { cause?: { code?: string } }).cause?.code === 'UND_ERR_HEADERS_OVERFLOW')
      statuses.set(-308, (statuses.get(-308) ?? 0) + 1);
    else
      failures.push(`${hostile.method} ${hostile.path.slice(0, 100)} (${hostile.kind}) : ${(error as Error).message}`);
  }
}
const up = (await fetch(`${shop}/api/session`)).status === 200;
console.log(
  `vitrine : ${WEB_COUNT} requêtes en ${((Date.now() - started) / 1000).toFixed(0)} s — ${[...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) =>
      s === 0
        ? `connexion fermée (adresse > 16 Ko)×${n}`
        : s === -308
          ? `308 aux en-têtes > 16 Ko (redirection « // » de Next)×${n}`
          : `${s}×${n}`,
    )
    .join(' ')}`,
);
console.log(
  failures.length === 0 ? 'aucune 5xx' : `${failures.length} échecs :\n- ${failures.slice(0, 30).join('\n- ')}`,
);
console.log(up ? 'la vitrine répond toujours' : 'LA VITRINE NE RÉPOND PLUS');
process.exit(api.status === 0 && failures.length === 0 && up ? 0 : 1);
