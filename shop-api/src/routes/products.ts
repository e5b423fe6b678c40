/**
 * Products (parts): listing with Sylius's filters plus the yard's (vehicle, text / OEM reference),
 * and single parts by code. Listing items embed the default variant's price and stock
 * (`defaultVariantData`, as Sylius 2.1 does) so a listing page is one call.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  findProductByCode,
  listProductIndex,
  listProducts,
  type ProductFilters,
  type SortField,
} from '../db/products.js';
import { descendantIds, taxonIdsByCodes } from '../db/taxons.js';
import { notFound } from '../http/errors.js';
import {
  API_PREFIX,
  collection,
  DEFAULT_ITEMS_PER_PAGE,
  iri,
  item,
  member,
  MAX_ITEMS_PER_PAGE,
  syliusDate,
} from '../http/jsonld.js';
import { digitsSchema, positiveInt } from '../http/params.js';
import type { AppContext } from '../context.js';
import { productFields } from '../serialisers/products.js';

/** Most parts a page of the product index holds: the most URLs one sitemap file may hold. */
const PRODUCT_INDEX_PAGE_SIZE = 50_000;

const ORDER_PARAMS: Record<string, SortField> = {
  'order[price]': 'price',
  'order[createdAt]': 'createdAt',
  'order[code]': 'code',
  'order[translation.name]': 'name',
};

const direction = { type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'] } as const;
const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

interface ListQuery {
  page?: string;
  itemsPerPage?: string;
  taxon?: string;
  vehicle?: string;
  search?: string;
  'translations.name'?: string;
  'productTaxons.taxon.code'?: string;
  'productTaxons.taxon.code[]'?: string[];
  [order: `order[${string}]`]: string | undefined;
}

const codeFromIri = (value: string, resource: string) => {
  const prefix = `${API_PREFIX}/${resource}/`;
  return value.startsWith(prefix) ? decodeURIComponent(value.slice(prefix.length)) : value;
};

const productsRoutes: FastifyPluginAsync<AppContext> = async (app, { db, mediaUrl }) => {
  app.get<{ Querystring: ListQuery }>(
    `${API_PREFIX}/products`,
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            page: digitsSchema,
            itemsPerPage: digitsSchema,
            taxon: text(300),
            vehicle: text(300),
            search: text(200),
            'translations.name': text(200),
            'productTaxons.taxon.code': text(255),
            'productTaxons.taxon.code[]': { type: 'array', items: text(255), maxItems: 50 },
            localeCode: text(16),
            imageFilter: text(64),
            ...Object.fromEntries(Object.keys(ORDER_PARAMS).map((key) => [key, direction])),
          },
        },
      },
    },
    async (request) => {
      const query = request.query;
      const page = positiveInt(query.page, 'page', { fallback: 1, max: 1_000_000 });
      const itemsPerPage = positiveInt(query.itemsPerPage, 'itemsPerPage', {
        fallback: DEFAULT_ITEMS_PER_PAGE,
        max: MAX_ITEMS_PER_PAGE,
      });
      const rawQuery = request.url.split('?')[1] ?? '';
      const filters: ProductFilters = { order: [] };
      if (query.taxon) filters.taxonIds = await descendantIds(db, codeFromIri(query.taxon, 'taxons'));
      const exactCodes = [query['productTaxons.taxon.code'], ...(query['productTaxons.taxon.code[]'] ?? [])].filter(
        (c): c is string => !!c,
      );
      if (exactCodes.length > 0) {
        const ids = await taxonIdsByCodes(db, exactCodes);
        filters.taxonIds = filters.taxonIds ? filters.taxonIds.filter((id) => ids.includes(id)) : ids;
      }
      // A vehicle filter may name an engine, a model or a brand: everything below it applies.
      if (query.vehicle) filters.engineIds = await descendantIds(db, codeFromIri(query.vehicle, 'taxons'));
      if (query.search?.trim()) filters.search = query.search;
      if (query['translations.name']?.trim()) filters.name = query['translations.name'];
      // Sort keys apply in the order the request gives them.
      for (const [key] of new URLSearchParams(rawQuery)) {
        const field = ORDER_PARAMS[key];
        const value = query[key as `order[${string}]`];
        if (field && value && !filters.order.some((o) => o.field === field)) {
          filters.order.push({ field, direction: value.toLowerCase() as 'asc' | 'desc' });
        }
      }
      const { items, total } = await listProducts(db, filters, page, itemsPerPage);
      return collection(
        items.map((product) => member('Product', iri('products', product.code), productFields(product, mediaUrl))),
        {
          path: `${API_PREFIX}/products`,
          context: 'Product',
          rawQuery,
          total,
          paging: { page, itemsPerPage },
        },
      );
    },
  );

  // Contract extension: every part's code, slug and update date, up to 50 000 a page (sitemaps).
  app.get<{ Querystring: { page?: string; itemsPerPage?: string } }>(
    `${API_PREFIX}/products-index`,
    {
      schema: { querystring: { type: 'object', properties: { page: digitsSchema, itemsPerPage: digitsSchema } } },
    },
    async (request) => {
      const page = positiveInt(request.query.page, 'page', { fallback: 1, max: 1000 });
      const itemsPerPage = positiveInt(request.query.itemsPerPage, 'itemsPerPage', {
        fallback: PRODUCT_INDEX_PAGE_SIZE,
        max: PRODUCT_INDEX_PAGE_SIZE,
      });
      const { rows, total } = await listProductIndex(db, page, itemsPerPage);
      return collection(
        rows.map((row) => ({ code: row.code, slug: row.slug, updatedAt: syliusDate(row.updatedAt) })),
        {
          path: `${API_PREFIX}/products-index`,
          context: 'ProductIndex',
          rawQuery: request.url.split('?')[1] ?? '',
          total,
          paging: { page, itemsPerPage },
        },
      );
    },
  );

  app.get<{ Params: { code: string } }>(`${API_PREFIX}/products/:code`, async (request) => {
    const product = await findProductByCode(db, request.params.code);
    if (!product) throw notFound();
    return item('Product', iri('products', product.code), productFields(product, mediaUrl));
  });
};

export default productsRoutes;
