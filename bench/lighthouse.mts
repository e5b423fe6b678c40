/**
 * `npm run bench:lighthouse`: Lighthouse 12 with Debian's Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium) on the shop as `npm start` serves it: home, a family page, a part page, a
 * content page and the cart, mobile and desktop, median of 3 runs (by performance score). Prints
 * the four scores and LCP/TBT/CLS as a table. Nothing is asserted.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { firstPartPath, startBareApp, startShop, waitFor } from './shop.mts';

const WEB = Number(process.env.BENCH_WEB_PORT || 3400);
const API = Number(process.env.BENCH_API_PORT || 8400);
const RUNS = Number(process.env.BENCH_RUNS || 3);

const BARE = WEB + 1;
startBareApp(BARE);
const [{ shop }] = await Promise.all([
  startShop('bench-lighthouse', { web: WEB, api: API }),
  waitFor(`http://localhost:${BARE}/`, 2),
]);
const bare = `http://localhost:${BARE}/`;
const pages: [string, string][] = [
  ['accueil', '/'],
  ['famille', '/pieces/moteur'],
  ['fiche pièce', await firstPartPath(shop)],
  ['contenu', '/mentions-legales'],
  ['panier', '/panier'],
];
// Warm every page once: the figures are those of a shop in service, not of its first request.
for (const [, path] of pages) await (await fetch(shop + path)).arrayBuffer();

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
process.on('exit', () => {
  try {
    chrome.kill();
  } catch {
    /* gone */
  }
});

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Audits of the accessibility, best-practices and SEO categories the page fails: a score under 100 names its cause. */
  failed: string[];
}

/**
 * Failures that are the product's choice, not a defect: the cart is kept out of search engines (robots.txt and noindex), which is exactly what Lighthouse's is-crawlable audit flags.
 */
const DELIBERATE: Record<string, Record<string, string>> = {
  '/panier': { 'is-crawlable': 'panier tenu hors des index (robots.txt + noindex)' },
};

async function audit(url: string, formFactor: 'mobile' | 'desktop', attempt = 1): Promise<Figures> {
  const result = await lighthouse(
    url,
    { port: chrome.port, output: 'json', logLevel: 'error' },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  const { categories, audits, runtimeError } = result!.lhr;
  // Lighthouse sometimes loses its own trace (NO_NAVSTART) and scores the page 0: its advice is to run
  // again. Counted as a measure, that 0 would be a figure about Lighthouse, not about the page.
  if (runtimeError) {
    if (attempt < 3) return audit(url, formFactor, attempt + 1);
    throw new Error(`Lighthouse échoue trois fois sur ${url} : ${runtimeError.code}`);
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failed = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    (categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]!.score! < 1)
      .map((ref) => ref.id),
  );
  return {
    failed,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audits['largest-contentful-paint']!.numericValue ?? NaN,
    tbt: audits['total-blocking-time']!.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']!.numericValue ?? NaN,
  };
}

const median = (runs: Figures[]) =>
  [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
const rows: string[] = [];
const misses: string[] = [];
const causes: string[] = [];
for (const formFactor of ['mobile', 'desktop'] as const) {
  // The yardstick first: what a bare Next.js page scores on this machine with the same settings.
  for (const [label, path] of [['Next nu (réf.)', ''], ...pages] as [string, string][]) {
    const url = path === '' ? bare : shop + path;
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(url, formFactor));
    const m = median(runs);
    rows.push(
      `| ${formFactor.padEnd(7)} | ${label.padEnd(14)} | ${String(m.performance).padStart(4)} | ${String(m.accessibility).padStart(4)} | ${String(m.bestPractices).padStart(4)} | ${String(m.seo).padStart(4)} | ${(m.lcp / 1000).toFixed(2).padStart(6)} s | ${String(Math.round(m.tbt)).padStart(5)} ms | ${m.cls.toFixed(3)} |`,
    );
    process.stdout.write(`${rows.at(-1)}\n`);
    if (path === '') continue;
    if (formFactor === 'mobile' && m.performance < 95)
      misses.push(`${label} mobile : performance ${m.performance} < 95`);
    for (const [name, value] of [
      ['accessibilité', m.accessibility],
      ['bonnes pratiques', m.bestPractices],
      ['SEO', m.seo],
    ] as const) {
      if (value < 100) misses.push(`${label} ${formFactor} : ${name} ${value} < 100`);
    }
    for (const id of m.failed) {
      const why = DELIBERATE[path]?.[id];
      causes.push(`${label} ${formFactor} : ${id}${why ? ` — voulu : ${why}` : ''}`);
    }
  }
}
console.log(`\nLighthouse 12, Chromium de Debian, médiane de ${RUNS} mesures (par score de performance)\n`);
console.log('| appareil | page           | perf | a11y | b.p. |  SEO |      LCP |      TBT |   CLS |');
console.log('|----------|----------------|------|------|------|------|----------|----------|-------|');
for (const row of rows) console.log(row);
if (causes.length > 0)
  console.log(`\nAudits échoués (accessibilité, bonnes pratiques, SEO) :\n- ${causes.join('\n- ')}`);
console.log(
  misses.length === 0
    ? '\nObjectifs tenus : performance mobile ≥ 95, accessibilité, bonnes pratiques et SEO à 100.'
    : `\nObjectifs manqués :\n- ${misses.join('\n- ')}`,
);
process.exit(0);
