/**
 * The storefront's figures for Prometheus (GET /metrics with METRICS_TOKEN, app/metrics/route.ts):
 * requests and their latency by kind of page and status, page-cache lookups by result, and the
 * process's own (prom-client's defaults: CPU, memory, event loop). One registry per process, kept on
 * globalThis: Next runs the cache handler unbundled and the route handlers bundled, and both count
 * into it.
 */
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

const KEY = Symbol.for('shop.storefront.metrics');

/** The first segments of the storefront's addresses, each its own label (anything else is « autre »). */
const ROUTES = new Set([
  'pieces',
  'piece',
  'piece-vendue',
  'marques',
  'recherche',
  'panier',
  'commande',
  'compte',
  'compte-supprime',
  'connexion',
  'lien-de-confirmation',
  'verification',
  'mot-de-passe-oublie',
  'recuperation',
  'sitemaps',
  'health',
  'metrics',
]);

/** A label for an address, from a short fixed list: a label per address would grow without bound. */
export function routeOf(url) {
  const path = (url ?? '/').split('?')[0];
  if (path === '/') return 'accueil';
  if (path.startsWith('/_next/static/')) return 'fichiers statiques';
  if (path.startsWith('/_next/image')) return 'images';
  const [first, second] = path.slice(1).split('/');
  if (first === 'api') return `api/${second ?? ''}`.replace(/[^a-z/-]/g, '').slice(0, 20);
  // Anything else is a content page (/livraison…) or an unknown address.
  return ROUTES.has(first) ? first : 'autre';
}

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new Histogram({
      name: 'storefront_http_request_duration_seconds',
      help: 'Requêtes servies par la vitrine et leur durée, par genre de page, méthode et statut',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    pageCache: new Counter({
      name: 'storefront_page_cache_lookups_total',
      help: 'Lectures du cache de pages (pages, réponses de routes, réponses du shop API) : trouvées ou non',
      labelNames: ['kind', 'result'],
      registers: [registry],
    }),
  };
}

/** This process's figures. */
export function storefrontMetrics() {
  globalThis[KEY] ??= create();
  return globalThis[KEY];
}

/** Counts one page-cache lookup (`ctx.kind`: Next's kind of entry; `entry`: what it found, or null). */
export function countCacheLookup(ctx, entry) {
  const kind = typeof ctx?.kind === 'string' ? ctx.kind.toLowerCase() : 'autre';
  storefrontMetrics().pageCache.inc({ kind, result: entry ? 'hit' : 'miss' });
}
