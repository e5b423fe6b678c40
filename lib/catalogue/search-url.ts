/**
 * Search URLs. Visitors see `/recherche?q=…&page=N`; proxy.ts rewrites a search with words into one
 * path segment (`/recherche/~N~<words in base64url>`) so that each search is a cached page like a listing page,
 * rendered once and then served from the memory cache until a catalogue event or 5 minutes expire it
 * (decision 0016). `/recherche` without words is a static page.
 */
import { MAX_LISTING_PAGE } from './listing-url';

export const SEARCH_PATH = '/recherche';
/** Longer searches are cut: no part name or reference is that long. */
const MAX_QUERY_LENGTH = 100;
/**
 * The words travel in base64url: letters, digits, `-` and `_` mean the same however many times a
 * layer decodes the path (Next hands some params decoded and others not: a typed « 50% » or
 * « BOITE de VITESSES » must reach the page as typed).
 */
const SEGMENT = /^~(\d{1,5})~([A-Za-z0-9_-]{1,600})$/;
const toBase64Url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

export interface SearchState {
  query: string;
  page: number;
}

/**
 * What the shop API is asked: control characters and broken unicode mean nothing in a search, and a
 * run of spaces is one (so « porte  avant » is the cached page of « porte avant »).
 */
export function normaliseQuery(raw: string): string {
  return raw
    .toWellFormed()
    .replace(/[\u0000-\u001f\u007f\s]+/g, ' ')
    .trim()
    .slice(0, MAX_QUERY_LENGTH)
    .trim();
}

/** Public URL of a page of results. */
export function searchHref({ query, page }: SearchState): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set('page', String(page));
  return `${SEARCH_PATH}?${params}`;
}

/** The internal path of a page of results (what proxy.ts rewrites to). */
export function searchSegmentPath({ query, page }: SearchState): string {
  return `${SEARCH_PATH}/~${page}~${toBase64Url(query)}`;
}

/** The search a path segment names, or null (only the one segment proxy.ts writes for it). */
export function parseSearchSegment(segment: string): SearchState | null {
  const match = SEGMENT.exec(segment);
  if (!match) return null;
  const page = Number(match[1]);
  const query = normaliseQuery(Buffer.from(match[2]!, 'base64url').toString('utf8'));
  if (page < 1 || page > MAX_LISTING_PAGE || !query || toBase64Url(query) !== match[2]) return null;
  return { query, page };
}

export type SearchQueryOutcome = { kind: 'clean' } | { kind: 'redirect'; to: string } | { kind: 'rewrite'; to: string };

/**
 * What proxy.ts does with a request under /recherche: words in `q` are rewritten to the cached
 * segment (an unreadable page number is page 1); no words leave the static search page; an internal
 * segment typed as an address goes back to its public URL, so a search has one address.
 */
export function resolveSearchQuery(pathname: string, search: URLSearchParams): SearchQueryOutcome {
  if (pathname !== SEARCH_PATH) {
    const state = parseSearchSegment(pathname.slice(SEARCH_PATH.length + 1));
    return { kind: 'redirect', to: state ? searchHref(state) : SEARCH_PATH };
  }
  const query = normaliseQuery(search.get('q') ?? '');
  if (!query) return { kind: 'clean' };
  const rawPage = search.get('page') ?? '1';
  const page = /^\d{1,5}$/.test(rawPage) ? Number(rawPage) : 1;
  return { kind: 'rewrite', to: searchSegmentPath({ query, page: page >= 1 && page <= MAX_LISTING_PAGE ? page : 1 }) };
}
