/**
 * Listing URLs. Visitors and crawlers see clean paths with an optional `?page=N&tri=…`; proxy.ts
 * rewrites those parameters into a last path segment (`~N~tri`) so every listing page is a static,
 * cached route instead of a per-request render.
 */
import { safeDecode } from '@/lib/url/decode';
import { DEFAULT_SORT, isSortKey, type SortKey } from './parts';

export interface ListingState {
  page: number;
  sort: SortKey;
}

export const MAX_LISTING_PAGE = 10_000;
const SEGMENT = /^~(\d{1,5})~([a-z-]{1,30})$/;

/** Public URL of a listing page: defaults are left out so page 1 is the clean path. */
export function listingHref(basePath: string, { page, sort }: ListingState): string {
  const params = new URLSearchParams();
  if (page > 1) params.set('page', String(page));
  if (sort !== DEFAULT_SORT) params.set('tri', sort);
  const query = params.toString();
  return query ? `${basePath}?${query}` : basePath;
}

export function encodeListingSegment({ page, sort }: ListingState): string {
  return `~${page}~${sort}`;
}

export function decodeListingSegment(segment: string): ListingState | null {
  const match = SEGMENT.exec(safeDecode(segment) ?? '');
  if (!match) return null;
  const page = Number(match[1]);
  const sort = match[2]!;
  if (page < 1 || page > MAX_LISTING_PAGE || !isSortKey(sort)) return null;
  return { page, sort };
}

export type ListingQueryOutcome =
  { kind: 'clean' } | { kind: 'redirect'; to: string } | { kind: 'rewrite'; to: string };

/**
 * What proxy.ts does with a listing request: nothing without listing parameters; a redirect to the
 * clean URL for default or invalid values (one URL per page for crawlers); otherwise a rewrite to
 * the internal segment.
 */
export function resolveListingQuery(pathname: string, search: URLSearchParams): ListingQueryOutcome {
  const rawPage = search.get('page');
  const rawSort = search.get('tri');
  if (rawPage === null && rawSort === null) return { kind: 'clean' };
  const page = rawPage === null ? 1 : /^\d{1,5}$/.test(rawPage) ? Number(rawPage) : NaN;
  const pageOk = Number.isInteger(page) && page >= 1 && page <= MAX_LISTING_PAGE;
  const sortOk = rawSort === null || isSortKey(rawSort);
  const state: ListingState = {
    page: pageOk ? page : 1,
    sort: sortOk && rawSort ? (rawSort as SortKey) : DEFAULT_SORT,
  };
  const canonical = listingHref(pathname, state);
  const requested = `${pathname}?${search.toString()}`;
  const others = [...search.keys()].some((key) => key !== 'page' && key !== 'tri');
  if (!pageOk || !sortOk || others || canonical !== requested) {
    return { kind: 'redirect', to: canonical };
  }
  return { kind: 'rewrite', to: `${pathname.replace(/\/$/, '')}/${encodeListingSegment(state)}` };
}
