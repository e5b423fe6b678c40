/**
 * What the proxy needs to know of a part before its cached page is served: whether it exists and
 * its one address (an unknown code answers 404 and a wrong name redirects here, so made-up addresses
 * never reach the page and its cache), and its sale date (410 for long-sold parts). One shop-API
 * call per part and minute at most; a failure lets the page decide. A catalogue event about the part
 * (/api/revalidate) forgets what was learnt of it at once.
 */
import { proxyRead } from '@/lib/shop-api/proxy';
import { fromShopDate, partPath } from './parts';

export type PartStatus =
  /** The shop API names no such part. Not remembered: a part imported a second later has its page. */
  | { kind: 'unknown' }
  /** path: the part page's canonical address; soldAt: ISO date of the sale, null while for sale. */
  | { kind: 'known'; path: string; soldAt: string | null };

const TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;
type Known = Map<string, { path: string; soldAt: string | null; until: number }>;
/**
 * One memory per process, kept on globalThis: the proxy and the route handlers are bundled apart, each
 * with its own copy of this module, and /api/revalidate must clear the proxy's.
 */
const MEMORY = Symbol.for('shop.catalogue.part-status');
const memory = globalThis as typeof globalThis & { [MEMORY]?: Known };
const known: Known = (memory[MEMORY] ??= new Map());

/** Forgets what was learnt of these parts (a catalogue event named them): the next visit asks again. */
export function forgetPartStatus(codes: string[]): void {
  for (const code of codes) known.delete(code);
}

/** The part's status, undefined when the shop API cannot say (unreachable, failing). */
export async function partStatus(code: string): Promise<PartStatus | undefined> {
  const cached = known.get(code);
  if (cached && cached.until > Date.now()) return { kind: 'known', path: cached.path, soldAt: cached.soldAt };
  const answer = await proxyRead<{ code: string; slug: string; soldAt?: string | null }>(
    `products/${encodeURIComponent(code)}`,
  );
  if (!answer) return undefined;
  // 400: a code the shop API refuses to look up (wrong shape) names no part either.
  if (answer.status === 404 || answer.status === 400) return { kind: 'unknown' };
  const product = answer.body;
  if (answer.status !== 200 || !product?.code || !product.slug) return undefined;
  const status = {
    kind: 'known',
    path: partPath(product.code, product.slug),
    soldAt: fromShopDate(product.soldAt),
  } as const;
  if (known.size >= MAX_ENTRIES) known.clear();
  known.set(code, { ...status, until: Date.now() + TTL_MS });
  return status;
}
