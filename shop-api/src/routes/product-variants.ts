/** Product variants (one per part) and product-taxon links. */
import type { FastifyPluginAsync } from 'fastify';
import { findProductTaxon, findVariantByCode } from '../db/products.js';
import { inStock } from '../domain/part-availability.js';
import { notFound } from '../http/errors.js';
import { API_PREFIX, iri, item } from '../http/jsonld.js';
import { digitsSchema, rowId } from '../http/params.js';
import type { AppContext } from '../context.js';

const productVariantsRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Params: { code: string } }>(`${API_PREFIX}/product-variants/:code`, async (request) => {
    const row = await findVariantByCode(db, request.params.code);
    if (!row) throw notFound();
    const { variant } = row;
    return item('ProductVariant', iri('product-variants', variant.code), {
      code: variant.code,
      name: variant.name,
      product: iri('products', row.productCode),
      optionValues: [],
      price: variant.price,
      originalPrice: variant.originalPrice,
      lowestPriceBeforeDiscount: null,
      inStock: inStock(variant),
      weight: row.weightGrams / 1000,
    });
  });

  app.get<{ Params: { id: string } }>(
    `${API_PREFIX}/product-taxons/:id`,
    {
      schema: { params: { type: 'object', properties: { id: digitsSchema } } },
    },
    async (request) => {
      const id = rowId(request.params.id);
      const row = id === null ? null : await findProductTaxon(db, id);
      if (!row) throw notFound();
      return item('ProductTaxon', iri('product-taxons', row.link.id), {
        id: row.link.id,
        product: iri('products', row.productCode),
        taxon: iri('taxons', row.taxonCode),
        position: row.link.position,
      });
    },
  );
};

export default productVariantsRoutes;
