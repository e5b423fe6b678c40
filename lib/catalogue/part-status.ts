/**
 * What the proxy needs to know of a part before its cached page is served: whether it exists and
 * its one address (an unknown code answers 404 and a wrong name redirects here, so made-up addresses
 * never reach the page and its cache), and its sale date (410 for long-sold parts). One shop-API
 * call per part and minute at most; a failure lets the page decide. A catalogue event about the part
 * (/api/revalidate) forgets what was learnt of it at once.
 *
 * A part already known is answered from memory even past its minute, and asked again in the
 * background: a cached part page never waits for the shop API, which under load may be busy with
 * carts and payments (a part page took over a second in `npm run bench:load` while it waited). Only a
 * part seen for the first time, or named by an event since, waits for the answer.
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
interface Memory {
  known: Map<string, { path: string; soldAt: string | null; until: number }>;
  /** How many times each part was forgotten: an answer asked for before the last time is not kept. */
  forgotten: Map<string, number>;
}
/**
 * One memory per process, kept on globalThis: the proxy and the route handlers are bundled apart, each
 * with its own copy of this module, and /api/revalidate must clear the proxy's.
 */
const MEMORY = Symbol.for('shop.catalogue.part-status');
const memory = globalThis as typeof globalThis & { [MEMORY]?: Memory };
const { known, forgotten } = (memory[MEMORY] ??= { known: new Map(), forgotten: new Map() });

/** Forgets what was learnt of these parts (a catalogue event named them): the next visit asks again. */
export function forgetPartStatus(codes: string[]): void {
  if (forgotten.size >= MAX_ENTRIES) forgotten.clear();
  for (const code of codes) {
    known.delete(code);
    forgotten.set(code, (forgotten.get(code) ?? 0) + 1);
  }
}

/** Parts being asked for in the background: one call at a time per part. */
const refreshing = new Set<string>();

/** The part's status, undefined when the shop API cannot say (unreachable, failing). */
export async function partStatus(code: string): Promise<PartStatus | undefined> {
  const cached = known.get(code);
  if (cached) {
    if (cached.until <= Date.now() && !refreshing.has(code)) {
      refreshing.add(code);
      void askShopApi(code).finally(() => refreshing.delete(code));
    }
    return { kind: 'known', path: cached.path, soldAt: cached.soldAt };
  }
  return askShopApi(code);
}

async function askShopApi(code: string): Promise<PartStatus | undefined> {
  const version = forgotten.get(code);
  const answer = await proxyRead<{ code: string; slug: string; soldAt?: string | null }>(
    `products/${encodeURIComponent(code)}`,
  );
  if (!answer) return undefined;
  // 400: a code the shop API refuses to look up (wrong shape) names no part either.
  if (answer.status === 404 || answer.status === 400) {
    known.delete(code);
    return { kind: 'unknown' };
  }
  const product = answer.body;
  if (answer.status !== 200 || !product?.code || !product.slug) return undefined;
  const status = {
    kind: 'known',
    path: partPath(product.code, product.slug),
    soldAt: fromShopDate(product.soldAt),
  } as const;
  // An event named the part while its answer was on the way: the answer may predate it.
  if (forgotten.get(code) !== version) return status;
  if (known.size >= MAX_ENTRIES) known.clear();
  known.set(code, { ...status, until: Date.now() + TTL_MS });
  return status;
}
