/**
 * Shipping methods of the yard: pickup, parcel, freight. With `tokenValue`, only the methods that can
 * carry that cart's weight, each with its `price` in cents for it (as Sylius does for a shipment).
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  findOrderRow,
  findShippingMethod,
  listShippingMethods,
  orderWeight,
  type ShippingMethodRow,
} from '../db/orders.js';
import { methodsFor } from '../domain/checkout.js';
import { notFound } from '../http/errors.js';
import { API_PREFIX, collection, iri, item, member } from '../http/jsonld.js';
import type { AppContext } from '../context.js';

const shippingMethodFields = (row: ShippingMethodRow) => ({
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
  app.get<{ Querystring: { tokenValue?: string; shipmentId?: string } }>(
    `${API_PREFIX}/shipping-methods`,
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { tokenValue: { type: 'string', maxLength: 64 }, shipmentId: { type: 'string', maxLength: 20 } },
        },
      },
    },
    async (request) => {
      const rows = await listShippingMethods(db);
      if (request.query.tokenValue) {
        const order = await findOrderRow(db, request.query.tokenValue);
        if (!order) throw notFound();
        const priced = methodsFor(rows, await orderWeight(db, order.id));
        return collection(
          priced.map((row) =>
            member('ShippingMethod', iri('shipping-methods', row.code), {
              ...shippingMethodFields(row),
              price: row.price,
            }),
          ),
          {
            path: `${API_PREFIX}/shipping-methods`,
            context: 'ShippingMethod',
            rawQuery: request.url.split('?')[1] ?? '',
            total: priced.length,
          },
        );
      }
      return collection(
        rows.map((row) => member('ShippingMethod', iri('shipping-methods', row.code), shippingMethodFields(row))),
        {
          path: `${API_PREFIX}/shipping-methods`,
          context: 'ShippingMethod',
          rawQuery: request.url.split('?')[1] ?? '',
          total: rows.length,
        },
      );
    },
  );

  app.get<{ Params: { code: string } }>(`${API_PREFIX}/shipping-methods/:code`, async (request) => {
    const row = await findShippingMethod(db, request.params.code);
    if (!row) throw notFound();
    return item('ShippingMethod', iri('shipping-methods', row.code), shippingMethodFields(row));
  });
};

export default shippingMethodsRoutes;
