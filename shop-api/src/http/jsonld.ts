/**
 * JSON-LD / Hydra shapes of the Sylius shop API (API Platform conventions): IRIs, collections with
 * `hydra:member`, `hydra:totalItems` and `hydra:view` paging, and Sylius's date format.
 */
export const API_PREFIX = '/api/v2/shop';

export const iri = (resource: string, id: string | number) =>
  `${API_PREFIX}/${resource}/${encodeURIComponent(String(id))}`;

/** Sylius serialises datetimes as "Y-m-d H:i:s" without a time zone (here: UTC). */
export function syliusDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

interface Paging {
  page: number;
  itemsPerPage: number;
}

export const DEFAULT_ITEMS_PER_PAGE = 30;
export const MAX_ITEMS_PER_PAGE = 100;

/** RFC 3986 encoding, as API Platform's IriHelper does (`[` → `%5B`, space → `%20`). */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The request's query with `page` moved last and set to `page`. */
function pageUrl(path: string, params: [string, string][], page?: number): string {
  const kept = params.filter(([key]) => key !== 'page');
  if (page !== undefined) kept.push(['page', String(page)]);
  const query = kept.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
  return query ? `${path}?${query}` : path;
}

export interface CollectionOptions {
  /** The collection's IRI path, e.g. /api/v2/shop/products. */
  path: string;
  /** Short resource name for `@context`, e.g. Product. */
  context: string;
  /** Raw query string of the request (without `?`). */
  rawQuery: string;
  total: number;
  /** Absent for unpaginated collections. */
  paging?: Paging;
}

export function collection(members: object[], options: CollectionOptions): Record<string, unknown> {
  const params = [...new URLSearchParams(options.rawQuery)];
  const body: Record<string, unknown> = {
    '@context': `/api/v2/contexts/${options.context}`,
    '@id': options.path,
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': options.total,
  };
  const paging = options.paging;
  const lastPage = paging ? Math.max(1, Math.ceil(options.total / paging.itemsPerPage)) : 1;
  // API Platform adds the view only when the request has parameters or the result spans pages.
  if (params.length === 0 && lastPage <= 1) return body;
  const view: Record<string, unknown> = {
    '@id': pageUrl(options.path, params, paging && params.some(([key]) => key === 'page') ? paging.page : undefined),
    '@type': 'hydra:PartialCollectionView',
  };
  if (paging && lastPage > 1) {
    view['@id'] = pageUrl(options.path, params, paging.page);
    view['hydra:first'] = pageUrl(options.path, params, 1);
    view['hydra:last'] = pageUrl(options.path, params, lastPage);
    if (paging.page > 1) view['hydra:previous'] = pageUrl(options.path, params, paging.page - 1);
    if (paging.page < lastPage) view['hydra:next'] = pageUrl(options.path, params, paging.page + 1);
  }
  body['hydra:view'] = view;
  return body;
}

/** A collection member: `@id` and `@type` first, then its fields (no `@context`, as API Platform does). */
export function member(type: string, id: string, fields: Record<string, unknown>): Record<string, unknown> {
  return { '@id': id, '@type': type, ...fields };
}

/** Item resource: `@context`, `@id`, `@type` first, then its fields. */
export function item(context: string, id: string, fields: Record<string, unknown>): Record<string, unknown> {
  return { '@context': `/api/v2/contexts/${context}`, '@id': id, '@type': context, ...fields };
}
