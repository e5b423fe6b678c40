/**
 * `npm run bench:load`: mixed traffic on the shop as `npm start` runs it, on loopback, 50 connections
 * for BENCH_SECONDS (default 60; 300 for the 5-minute memory check). Each connection is a visitor who
 * browses a family page (a different page each round), opens a part, searches by words, adds the part
 * to the cart through the page's own form (the server action, as a browser without JavaScript posts
 * it), reads the cart and removes the part again. Prints requests/s, p50/p95/p99 latency (also by kind
 * of request), errors, the CPU time each process spent per request, and the memory (RSS) of the
 * storefront and shop-api processes before, every 30 s during, and after the run, with the growth after
 * the first minute (the warm-up: caches and JIT fill it). Nothing is asserted.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { familyPages, kindOf, mixedTraffic } from './mixed-traffic.mts';
import { startShop } from './shop.mts';

const WEB = Number(process.env.BENCH_WEB_PORT || 3500);
const API = Number(process.env.BENCH_API_PORT || 8500);
const SECONDS = Number(process.env.BENCH_SECONDS || 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);

const { shop } = await startShop('bench-load', { web: WEB, api: API });

/** The process listening on `port` (read from ss). */
function pidOf(port: number): string | undefined {
  const line = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  return line.match(/pid=(\d+)/)?.[1];
}

/** RSS in MB of the process listening on `port` (read from /proc). */
function rssOf(port: number): number {
  const pid = pidOf(port);
  if (!pid) return NaN;
  const kb = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1]);
  return kb / 1024;
}

/**
 * CPU time in ms the process listening on `port` has used (user + system, from /proc). Per request,
 * it compares two builds better than requests/s, which also follow whatever else the machine runs.
 */
function cpuOf(port: number): number {
  const pid = pidOf(port);
  if (!pid) return NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const msPerTick = 10; // Linux counts CPU time in ticks of 1/100 s (USER_HZ)
  return (Number(fields[11]) + Number(fields[12])) * msPerTick;
}

const families = await familyPages(shop);

// Warm the caches the way a shop in service has them: every family page, and the part pages they link
// to (crawlers and shoppers have visited them), four at a time.
const partPages = new Set<string>();
for (const path of families) {
  const page = await (await fetch(shop + path)).text();
  for (const match of page.matchAll(/href="(\/piece\/P\d{7}\/[^"]+)"/g)) partPages.add(match[1]!);
}
const toWarm = [...partPages];
await Promise.all(
  Array.from({ length: 4 }, async () => {
    for (let path = toWarm.pop(); path; path = toWarm.pop()) await (await fetch(shop + path)).arrayBuffer();
  }),
);
const before = { web: rssOf(WEB), api: rssOf(API) };
const cpuBefore = { web: cpuOf(WEB), api: cpuOf(API) };

// Memory every 30 s, to tell a warm-up from a leak.
const samples: { second: number; web: number; api: number }[] = [];
const started = Date.now();
const sampler = setInterval(
  () => samples.push({ second: Math.round((Date.now() - started) / 1000), web: rssOf(WEB), api: rssOf(API) }),
  30_000,
);

const run = autocannon({
  url: shop,
  connections: CONNECTIONS,
  duration: SECONDS,
  requests: mixedTraffic(shop, families),
});
// Every response's latency, for a true p95 (autocannon's histogram gives p90 and p97.5 only), also by
// kind of request, to see which of them the tail is made of.
const latencies: number[] = [];
const byKind = new Map<string, number[]>();
run.on('response', (client, _status, _bytes, responseTime: number) => {
  latencies.push(responseTime);
  const kind = kindOf(client);
  if (!byKind.has(kind)) byKind.set(kind, []);
  byKind.get(kind)!.push(responseTime);
});
const result = await run;
clearInterval(sampler);
const after = { web: rssOf(WEB), api: rssOf(API) };
const cpuPerRequest = (port: number, from: number) => (cpuOf(port) - from) / result.requests.total;
const cpu = { web: cpuPerRequest(WEB, cpuBefore.web), api: cpuPerRequest(API, cpuBefore.api) };
latencies.sort((a, b) => a - b);
const percentileOf = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const percentile = (p: number) => percentileOf(latencies, p);

const ms = (value: number) => `${value.toFixed(0)} ms`;
console.log(
  `\nCharge mixte : ${CONNECTIONS} connexions, ${SECONDS} s, boucle locale (familles, fiches, recherche, ajout et retrait du panier)`,
);
console.log(`requêtes/s : ${result.requests.average.toFixed(0)} (total ${result.requests.total})`);
console.log(
  `latence : p50 ${ms(percentile(50))}, p95 ${ms(percentile(95))}, p99 ${ms(percentile(99))}, max ${ms(result.latency.max)}`,
);
for (const [kind, values] of [...byKind].sort(([a], [b]) => a.localeCompare(b, 'fr'))) {
  values.sort((a, b) => a - b);
  console.log(
    `  ${kind} : ${values.length} réponses, p50 ${ms(percentileOf(values, 50))}, p95 ${ms(percentileOf(values, 95))}`,
  );
}
const byStatus = (result as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats;
const failed = Object.entries(byStatus).filter(([status]) => Number(status) >= 400);
const statuses = Object.entries(byStatus)
  .map(([status, { count }]) => `${status} × ${count}`)
  .join(', ');
console.log(`réponses : ${statuses}`);
console.log(
  `erreurs : ${result.errors} erreurs réseau, ${result.timeouts} délais dépassés, ${failed.reduce((sum, [, { count }]) => sum + count, 0)} réponses 4xx/5xx`,
);
console.log(
  `temps de calcul par requête : vitrine ${cpu.web.toFixed(1)} ms, shop-api ${cpu.api.toFixed(1)} ms (un cœur à 100 % fait 1 000 ms par seconde)`,
);
console.log(
  `mémoire (RSS) : vitrine ${before.web.toFixed(0)} → ${after.web.toFixed(0)} Mo, shop-api ${before.api.toFixed(0)} → ${after.api.toFixed(0)} Mo`,
);
console.log(
  `mémoire toutes les 30 s (vitrine / shop-api, Mo) : ${samples.map((m) => `${m.second} s ${m.web.toFixed(0)}/${m.api.toFixed(0)}`).join(' · ')}`,
);
const warm = samples.find((m) => m.second >= 60);
if (warm && warm.second <= SECONDS - 60) {
  const growth = (from: number, to: number) =>
    `${from.toFixed(0)} → ${to.toFixed(0)} Mo (${(((to - from) / from) * 100).toFixed(0)} %)`;
  console.log(
    `après la première minute : vitrine ${growth(warm.web, after.web)}, shop-api ${growth(warm.api, after.api)}`,
  );
}
process.exit(0);
