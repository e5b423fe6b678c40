/**
 * Carts and orders: create a cart, read it by token, add and remove parts. The token
 * is the key of an anonymous cart; a cart created by a signed-in customer answers 404 to anyone else.
 * Addressing and the shipping method are the checkout's first steps; payment is in payments.ts.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireCustomer } from '../auth/guard.js';
import { accessibleOrder as accessibleOrderFor, accessibleOrderRow } from '../auth/order-access.js';
import { findVariantStock, listCustomerOrders, listShippingMethods } from '../db/orders.js';
import { CART_MESSAGES } from '../domain/cart.js';
import { CHECKOUT_MESSAGES } from '../domain/checkout.js';
import { canApply, CHECKOUT } from '../domain/order-states.js';
import { notFound, ViolationError } from '../http/errors.js';
import { API_PREFIX, collection, iri, item, member } from '../http/jsonld.js';
import { rowId } from '../http/params.js';
import type { AppContext } from '../context.js';
import { addressOrder, type AddressStepBody } from '../use-cases/address-order.js';
import { addCartItem, chooseShippingMethod, openCart, removeCartItem } from '../use-cases/change-cart.js';
import { orderFields } from '../serialisers/orders.js';

const ordersRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db, jwt } = context;
  const accessibleOrder = (request: FastifyRequest, token: string) => accessibleOrderFor(db, jwt, request, token);

  app.post<{ Body: { localeCode?: string } | null }>(
    `${API_PREFIX}/orders`,
    {
      schema: { body: { type: ['object', 'null'], properties: { localeCode: { type: 'string', maxLength: 16 } } } },
    },
    async (request, reply) => {
      // A broken token is an error, not anonymity.
      const customerId = request.headers.authorization ? (await requireCustomer(db, jwt, request)).customerId : null;
      const bundle = await openCart(context, { customerId, localeCode: request.body?.localeCode ?? 'fr_FR' });
      return reply
        .status(201)
        .send(item('Order', iri('orders', bundle.order.tokenValue), orderFields(bundle, { withState: true })));
    },
  );

  // The signed-in customer's placed orders (shop:order:index, plus what the status label needs).
  app.get(`${API_PREFIX}/orders`, async (request) => {
    const { customerId } = await requireCustomer(db, jwt, request);
    const bundles = await listCustomerOrders(db, customerId);
    return collection(
      bundles.map((bundle) =>
        member('Order', iri('orders', bundle.order.tokenValue), {
          ...orderFields(bundle, { withState: true }),
        }),
      ),
      {
        path: `${API_PREFIX}/orders`,
        context: 'Order',
        rawQuery: request.url.split('?')[1] ?? '',
        total: bundles.length,
      },
    );
  });

  app.get<{ Params: { token: string } }>(`${API_PREFIX}/orders/:token`, async (request) => {
    const bundle = await accessibleOrder(request, request.params.token);
    // A placed order shows its state (as Sylius's completed order does); a cart view has none.
    return item(
      'Order',
      iri('orders', bundle.order.tokenValue),
      orderFields(bundle, { withState: bundle.order.state !== 'cart' }),
    );
  });

  app.post<{ Params: { token: string }; Body: { productVariant: string; quantity?: number } }>(
    `${API_PREFIX}/orders/:token/items`,
    {
      schema: {
        body: {
          type: 'object',
          required: ['productVariant'],
          properties: {
            productVariant: { type: 'string', minLength: 1, maxLength: 300 },
            quantity: { type: 'integer', minimum: 1, maximum: 1000 },
          },
        },
      },
    },
    async (request, reply) => {
      // The order row only: the answer is the cart as the change leaves it (no second read).
      const order = await accessibleOrderRow(db, jwt, request, request.params.token);
      if (order.state !== 'cart') throw new ViolationError([{ propertyPath: '', message: CART_MESSAGES.notCart }]);
      const code = decodeURIComponent(request.body.productVariant.split('/').pop() ?? '');
      const variant = await findVariantStock(db, code);
      if (!variant) throw new ViolationError([{ propertyPath: 'productVariant', message: CART_MESSAGES.unknownPart }]);
      const cart = await addCartItem(context, {
        order,
        variant,
        quantity: request.body.quantity ?? 1,
        log: request.log,
      });
      return reply
        .status(201)
        .send(item('Order', iri('orders', order.tokenValue), orderFields(cart, { withState: false })));
    },
  );

  app.delete<{ Params: { token: string; itemId: string } }>(
    `${API_PREFIX}/orders/:token/items/:itemId`,
    {
      schema: { params: { type: 'object', properties: { itemId: { type: 'string', pattern: '^[0-9]{1,10}$' } } } },
    },
    async (request, reply) => {
      // The order row only: the items are read by the change itself, under the order's lock.
      const order = await accessibleOrderRow(db, jwt, request, request.params.token);
      if (order.state !== 'cart') throw new ViolationError([{ propertyPath: '', message: CART_MESSAGES.notCart }]);
      const itemId = rowId(request.params.itemId);
      if (itemId === null) throw notFound();
      await removeCartItem(context, { order, itemId, log: request.log });
      return reply.status(204).send();
    },
  );

  const addressSchema = { type: ['object', 'null'], additionalProperties: true } as const;
  const idSchema = { type: ['integer', 'string', 'null'] } as const;

  // Addresses (typed or from the address book) and licence plates: the checkout's "address" step.
  app.put<{ Params: { token: string }; Body: AddressStepBody }>(
    `${API_PREFIX}/orders/:token`,
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            email: { type: 'string', maxLength: 255 },
            billingAddress: addressSchema,
            shippingAddress: addressSchema,
            billingAddressId: idSchema,
            shippingAddressId: idSchema,
            licencePlates: {
              anyOf: [{ type: 'string', maxLength: 500 }, { type: 'array', maxItems: 20 }, { type: 'null' }],
            },
            couponCode: { type: ['string', 'null'] },
          },
        },
      },
    },
    async (request) => {
      const updated = await addressOrder(context, {
        bundle: await accessibleOrder(request, request.params.token),
        body: request.body,
        customerId: async () => (await requireCustomer(db, jwt, request)).customerId,
        signedIn: Boolean(request.headers.authorization),
        log: request.log,
      });
      return item('Order', iri('orders', updated.order.tokenValue), orderFields(updated, { withState: true }));
    },
  );

  // The shipping method of the order's shipment: the checkout's "shipping" step.
  app.patch<{ Params: { token: string; shipmentId: string }; Body: { shippingMethod: string } }>(
    `${API_PREFIX}/orders/:token/shipments/:shipmentId`,
    {
      schema: {
        body: {
          type: 'object',
          required: ['shippingMethod'],
          properties: { shippingMethod: { type: 'string', minLength: 1, maxLength: 300 } },
        },
      },
    },
    async (request) => {
      const bundle = await accessibleOrder(request, request.params.token);
      const { order, shipment } = bundle;
      if (order.state !== 'cart')
        throw new ViolationError([{ propertyPath: '', message: CHECKOUT_MESSAGES.completed }]);
      if (!shipment || String(shipment.id) !== request.params.shipmentId) throw notFound();
      if (!canApply(CHECKOUT, order.checkoutState, 'select_shipping'))
        throw new ViolationError([{ propertyPath: '', message: CHECKOUT_MESSAGES.notAddressed }]);
      const code = decodeURIComponent(request.body.shippingMethod.split('/').pop() ?? '');
      const all = await listShippingMethods(db);
      if (!all.some((method) => method.code === code))
        throw new ViolationError([{ propertyPath: 'shippingMethod', message: CHECKOUT_MESSAGES.unknownMethod }]);
      const updated = await chooseShippingMethod(context, { order, code, methods: all, log: request.log });
      return item('Order', iri('orders', order.tokenValue), orderFields(updated, { withState: true }));
    },
  );
};

export default ordersRoutes;
