/**
 * Next's own page and data cache (memory, and disk under <distDir>: build seeds, tags and
 * revalidation untouched), with two limits so that what it writes to disk is bounded by the
 * catalogue, not by what visitors type:
 * - renders that found nothing (a 404, a redirect) are not kept: their addresses are anyone's (an
 *   unknown family, page 9 999 of a listing, a part under any name), and each would take a few dozen
 *   KB of disk. Such a render is cheap and rare for real visitors; it is simply done again;
 * - answers tagged MEMORY_ONLY_TAG (searches), and pages built from such answers (search results),
 *   stay in the memory cache, and only the latest MAX_MEMORY_ONLY_ENTRIES of them: Next's LRU counts
 *   a page by its text length, far less than it weighs, and a storm of distinct searches must neither
 *   grow the process by a gigabyte nor push the part pages out of memory.
 *
 * Next loads this file at run time, unbundled (next.config.ts `cacheHandler`). It extends Next's
 * default handler, which is not public API: tests/unit/page-cache-handler.test.ts and the end-to-end
 * test "made-up addresses … leave nothing in the page cache" fail if a Next upgrade changes it.
 */
import FileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import { countCacheLookup } from '../ops/metrics.mjs';
import { MEMORY_ONLY_TAG } from './memory-only-tag.mjs';

const DefaultHandler = FileSystemCache.default ?? FileSystemCache;
const RENDERED_KINDS = new Set(['APP_PAGE', 'APP_ROUTE']);

/** A page or route answer other than 200 (Next leaves the status out for 200). */
export function isFoundNothing(data) {
  return Boolean(data) && RENDERED_KINDS.has(data.kind) && data.status !== undefined && data.status !== 200;
}

/**
 * The tags of an entry: a fetch's are in its context; a page or route keeps those of the fetches it
 * made in its `x-next-cache-tags` header (comma-separated).
 */
function tagsOf(data, ctx) {
  if (ctx?.tags) return ctx.tags;
  const header = data?.headers?.['x-next-cache-tags'];
  return typeof header === 'string' ? header.split(',') : [];
}

/** Searches kept at most (answers and result pages alike), oldest forgotten first. */
export const MAX_MEMORY_ONLY_ENTRIES = 300;
/** Keys of the memory-only entries, oldest first; one list per process, as Next's memory cache is. */
const memoryOnlyKeys = new Set();

function rememberMemoryOnly(key) {
  memoryOnlyKeys.delete(key);
  memoryOnlyKeys.add(key);
  for (const oldest of memoryOnlyKeys) {
    if (memoryOnlyKeys.size <= MAX_MEMORY_ONLY_ENTRIES) break;
    memoryOnlyKeys.delete(oldest);
    DefaultHandler.memoryCache?.remove(oldest);
  }
}

export default class PageCacheHandler extends DefaultHandler {
  async get(key, ctx) {
    const entry = await super.get(key, ctx);
    countCacheLookup(ctx, entry);
    return entry;
  }

  set(key, data, ctx) {
    if (isFoundNothing(data)) return Promise.resolve();
    if (!tagsOf(data, ctx).includes(MEMORY_ONLY_TAG)) return super.set(key, data, ctx);
    // Next's handler fills its memory cache, then reads flushToDisk before its first await: turned
    // off around that synchronous part, the answer is kept in memory only.
    const flushToDisk = this.flushToDisk;
    this.flushToDisk = false;
    try {
      return super.set(key, data, ctx);
    } finally {
      this.flushToDisk = flushToDisk;
      rememberMemoryOnly(key);
    }
  }
}
