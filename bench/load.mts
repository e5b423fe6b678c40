/**
 * `npm run bench:load`: mixed traffic on the shop as `npm start` runs it, on loopback, 50 connections
 * for BENCH_SECONDS (default 60; 300 for the 5-minute memory check). Each connection is a visitor who
 * browses a family page (a different page each round), opens a part, searches by words, adds the part
 * to the cart through the page's own form (the server action, as a browser without JavaScript posts
 * it), reads the cart and removes the part again (bench/mixed-traffic.mts). Prints requests/s,
 * p50/p95/p99 latency (also by kind of request), errors, the CPU time each kind of process spent per
 * request, and the memory (RSS) of the storefront and shop-api processes before, every 30 s during,
 * and after the run, with the growth after the first minute (the warm-up: caches and JIT fill it).
 * Nothing is asserted.
 *
 * With BENCH_CLUSTER_PORT (a cluster started by `npm run start:cluster`, CLUSTER_PORT's value), the
 * same traffic goes through its HAProxy, and the CPU is counted for each kind of process: both
 * storefronts, both shop APIs, HAProxy, Redis, and PostgreSQL with its backends.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { familyPages, kindOf, mixedTraffic } from './mixed-traffic.mts';
import { startShop } from './shop.mts';

const SECONDS = Number(process.env.BENCH_SECONDS || 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const CLUSTER = process.env.BENCH_CLUSTER_PORT ? Number(process.env.BENCH_CLUSTER_PORT) : null;

/** A kind of process and the ports its processes listen on. */
interface Kind {
  name: string;
  ports: number[];
  /** Also the CPU of its children, living and gone (PostgreSQL's backends). */
  withChildren?: boolean;
}

let shop: string;
let kinds: Kind[];
if (CLUSTER) {
  shop = `http://localhost:${CLUSTER}`;
  kinds = [
    { name: 'vitrines', ports: [CLUSTER + 11, CLUSTER + 12] },
    { name: 'shop-api', ports: [CLUSTER + 21, CLUSTER + 22] },
    { name: 'HAProxy', ports: [CLUSTER] },
    { name: 'Redis', ports: [CLUSTER + 32] },
    { name: 'PostgreSQL', ports: [CLUSTER + 31], withChildren: true },
  ];
} else {
  const web = Number(process.env.BENCH_WEB_PORT || 3500);
  const api = Number(process.env.BENCH_API_PORT || 8500);
  ({ shop } = await startShop('bench-load', { web, api }));
  kinds = [
    { name: 'vitrine', ports: [web] },
    { name: 'shop-api (PGlite compris)', ports: [api] },
  ];
}
const [storefronts, shopApis] = kinds as [Kind, Kind];

/** The process listening on `port` (read from ss). */
function pidOf(port: number): number | undefined {
  const line = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = line.match(/pid=(\d+)/)?.[1];
  return pid ? Number(pid) : undefined;
}

/** The fields of /proc/<pid>/stat after the command's name. */
const statOf = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
const msPerTick = 10; // Linux counts CPU time in ticks of 1/100 s (USER_HZ)

/** The living children of `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(statOf(Number(entry))[1]) === pid) found.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

/**
 * CPU time in ms the processes of a kind have used (user + system, from /proc); with `withChildren`,
 * also their children's, those still running and those already gone. Per request, it compares two
 * builds better than requests/s, which also follow whatever else the machine runs.
 */
function cpuOf(kind: Kind): number {
  let ticks = 0;
  for (const port of kind.ports) {
    const pid = pidOf(port);
    if (!pid) continue;
    const fields = statOf(pid);
    ticks += Number(fields[11]) + Number(fields[12]);
    if (!kind.withChildren) continue;
    ticks += Number(fields[13]) + Number(fields[14]);
    for (const child of childrenOf(pid)) {
      try {
        const own = statOf(child);
        ticks += Number(own[11]) + Number(own[12]);
      } catch {
        /* gone meanwhile: counted in its parent's from now on */
      }
    }
  }
  return ticks * msPerTick;
}

/** RSS in MB of the processes of a kind (read from /proc). */
function rssOf(kind: Kind): number {
  let kb = 0;
  for (const port of kind.ports) {
    const pid = pidOf(port);
    if (pid) kb += Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1]);
  }
  return kb / 1024;
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
const before = { web: rssOf(storefronts), api: rssOf(shopApis) };
const cpuBefore = kinds.map(cpuOf);

// Memory every 30 s, to tell a warm-up from a leak.
const samples: { second: number; web: number; api: number }[] = [];
const started = Date.now();
const sampler = setInterval(
  () =>
    samples.push({ second: Math.round((Date.now() - started) / 1000), web: rssOf(storefronts), api: rssOf(shopApis) }),
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
const after = { web: rssOf(storefronts), api: rssOf(shopApis) };
const cpuPerRequest = kinds.map((kind, i) => (cpuOf(kind) - cpuBefore[i]!) / result.requests.total);
latencies.sort((a, b) => a - b);
const percentileOf = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const percentile = (p: number) => percentileOf(latencies, p);

const ms = (value: number) => `${value.toFixed(0)} ms`;
console.log(
  `\nCharge mixte : ${CONNECTIONS} connexions, ${SECONDS} s, ${CLUSTER ? `grappe (HAProxy :${CLUSTER})` : 'boutique seule'}, boucle locale (familles, fiches, recherche, ajout et retrait du panier)`,
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
  `temps de calcul par requête : ${kinds.map((kind, i) => `${kind.name} ${cpuPerRequest[i]!.toFixed(2)} ms`).join(', ')}, total ${cpuPerRequest.reduce((sum, ms) => sum + ms, 0).toFixed(2)} ms (un cœur à 100 % fait 1 000 ms par seconde)`,
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
