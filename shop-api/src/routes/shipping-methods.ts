/** Shipping methods of the yard: pickup, parcel, freight. Prices per cart arrive with orders. */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { shippingMethods } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { API_PREFIX, collection, iri, item, member } from '../http/jsonld.js';
import type { AppContext } from '../app.js';

type ShippingMethodRow = typeof shippingMethods.$inferSelect;

export const shippingMethodFields = (row: ShippingMethodRow) => ({
  id: row.id,
  code: row.code,
  position: row.position,
  name: row.name,
  description: row.description,
  // Weight bounds (kg) tell the storefront which parts a method can carry (contract extension).
  minWeight: row.minWeightGrams === null ? null : row.minWeightGrams / 1000,
  maxWeight: row.maxWeightGrams === null ? null : row.maxWeightGrams / 1000,
});

const shippingMethodsRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get(`${API_PREFIX}/shipping-methods`, async (request) => {
    const rows = await db.select().from(shippingMethods).where(eq(shippingMethods.enabled, true)).orderBy(asc(shippingMethods.position));
    return collection(rows.map((row) => member('ShippingMethod', iri('shipping-methods', row.code), shippingMethodFields(row))), {
      path: `${API_PREFIX}/shipping-methods`, context: 'ShippingMethod', rawQuery: request.url.split('?')[1] ?? '', total: rows.length,
    });
  });

  app.get<{ Params: { code: string } }>(`${API_PREFIX}/shipping-methods/:code`, async (request) => {
    const [row] = await db.select().from(shippingMethods)
      .where(and(eq(shippingMethods.code, request.params.code), eq(shippingMethods.enabled, true)));
    if (!row) throw notFound();
    return item('ShippingMethod', iri('shipping-methods', row.code), shippingMethodFields(row));
  });
};

export default shippingMethodsRoutes;
