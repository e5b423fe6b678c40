/**
 * The page cache shared by every storefront instance (REDIS_URL set; decision 0036): pages and fetch
 * answers in Redis through @fortedigital/nextjs-cache-handler, so that a tag expired by one instance
 * (a catalogue event reaching /api/revalidate) is expired for all, and a page rendered by one is served
 * by the others. Today's limits hold:
 * - renders that found nothing (a 404, a redirect) are not kept (isFoundNothing);
 * - answers tagged MEMORY_ONLY_TAG (searches) and pages built from them stay in this process's
 *   memory, the latest MAX_MEMORY_ONLY_ENTRIES of them: what visitors type never reaches Redis;
 * - Redis holds what the catalogue makes (its pages and answers), each entry with its lifespan; the
 *   server's own `maxmemory` bounds it too (scripts/cluster sets it).
 * Redis unreachable at start, or later: pages render without a shared cache (logged), never an error.
 *
 * Next loads this file at run time, unbundled, through page-cache-handler.mjs.
 */
import { CacheHandler } from '@fortedigital/nextjs-cache-handler';
import createCompositeHandler from '@fortedigital/nextjs-cache-handler/composite';
import createLruHandler from '@fortedigital/nextjs-cache-handler/local-lru';
import createRedisHandler from '@fortedigital/nextjs-cache-handler/redis-strings';
import { createClient } from 'redis';
import { countCacheLookup } from '../ops/metrics.mjs';
import { isFoundNothing, MAX_MEMORY_ONLY_ENTRIES } from './page-cache-handler.mjs';
import { MEMORY_ONLY_TAG } from './memory-only-tag.mjs';

/** Keys of the storefront's entries in Redis, apart from the shop API's counters. */
export const KEY_PREFIX = 'storefront:page-cache:';
/** A Redis command slower than this is given up: the page renders instead of waiting. */
const TIMEOUT_MS = 1000;

const memoryOnly = (entry) => Boolean(entry?.tags?.includes(MEMORY_ONLY_TAG));

CacheHandler.onCreation(async () => {
  const searches = createLruHandler({ maxItemsNumber: MAX_MEMORY_ONLY_ENTRIES, maxItemSizeBytes: 2 * 1024 * 1024 });
  let reported = false;
  const client = createClient({
    url: process.env.REDIS_URL,
    // Reconnects by itself after an outage, every second at most.
    socket: { connectTimeout: TIMEOUT_MS, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 1000) },
  });
  client.on('error', (error) => {
    if (!reported)
      process.stderr.write(`storefront : Redis injoignable, cache de pages non partagé (${error.message})\n`);
    reported = true;
  });
  client.on('ready', () => (reported = false));
  try {
    await client.connect();
  } catch {
    // Unreachable at start: this process renders with the memory-only cache until a restart.
    return { handlers: [searches] };
  }
  const shared = createRedisHandler({ client, keyPrefix: KEY_PREFIX, timeoutMs: TIMEOUT_MS });
  return {
    handlers: [
      createCompositeHandler({ handlers: [shared, searches], setStrategy: (entry) => (memoryOnly(entry) ? 1 : 0) }),
    ],
  };
});

export default class SharedPageCacheHandler extends CacheHandler {
  async get(key, ctx) {
    const entry = await super.get(key, ctx);
    countCacheLookup(ctx, entry);
    return entry;
  }

  set(key, data, ctx) {
    if (isFoundNothing(data)) return Promise.resolve();
    return super.set(key, data, ctx);
  }
}
