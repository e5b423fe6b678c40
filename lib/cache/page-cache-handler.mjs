/**
 * Next's own page cache (memory and disk under <distDir>/server/route-cache, build seeds, tags and
 * revalidation untouched), except for renders that found nothing: a 404 or a redirect is not kept.
 * Their addresses are whatever a visitor types (an unknown family, page 9 999 of a listing, a part
 * under any name), and Next would otherwise write each one to disk — a few dozen KB per address,
 * without bound. Such a render is cheap and rare for real visitors; it is simply done again.
 *
 * Next loads this file at run time, unbundled (next.config.ts `cacheHandler`); it extends Next's
 * default handler, which is not public API: the end-to-end test "made-up addresses … leave nothing
 * in the page cache" fails if a Next upgrade changes it.
 */
import FileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';

const DefaultHandler = FileSystemCache.default ?? FileSystemCache;
const RENDERED_KINDS = new Set(['APP_PAGE', 'APP_ROUTE']);

/** A page or route answer other than 200 (Next leaves the status out for 200). */
export function isFoundNothing(data) {
  return Boolean(data) && RENDERED_KINDS.has(data.kind) && data.status !== undefined && data.status !== 200;
}

export default class PageCacheHandler extends DefaultHandler {
  async set(key, data, ctx) {
    if (isFoundNothing(data)) return;
    return super.set(key, data, ctx);
  }
}
