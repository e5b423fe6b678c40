/**
 * Carts and orders: create a cart, read it by token, add and remove parts. The token
 * is the key of an anonymous cart; a cart created by a signed-in customer answers 404 to anyone else.
 * Addressing and the shipping method are the checkout's first steps; payment is in payments.ts.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireCustomer } from '../auth/guard.js';
import { accessibleOrder as accessibleOrderFor, accessibleOrderRow } from '../auth/order-access.js';
import {
  createOrder,
  deleteOrderItem,
  findVariantStock,
  insertNewOrderItem,
  latestCartOf,
  listCustomerOrders,
  listShippingMethods,
  orderItemsOf,
  orderWeight,
  writeShippingMethod,
} from '../db/orders.js';
import { addItemProblem, CART_MESSAGES } from '../domain/cart.js';
import { CHECKOUT_MESSAGES, methodsFor } from '../domain/checkout.js';
import { apply, canApply, CHECKOUT } from '../domain/order-states.js';
import { newToken } from '../domain/secrets.js';
import { notFound, ViolationError } from '../http/errors.js';
import { API_PREFIX, collection, iri, item, member } from '../http/jsonld.js';
import { rowId } from '../http/params.js';
import type { AppContext } from '../context.js';
import { addressOrder, type AddressStepBody } from '../use-cases/address-order.js';
import { changeOrder } from '../use-cases/change-cart.js';
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
      // A broken token is an error, not anonymity. A customer picks up the cart they already have (from
      // an earlier visit or another device), as Sylius's PickupCart does; a visitor gets a new one.
      const customerId = request.headers.authorization ? (await requireCustomer(db, jwt, request)).customerId : null;
      const picked = customerId === null ? null : await latestCartOf(db, customerId);
      const bundle = picked ?? {
        order: await createOrder(db, {
          tokenValue: newToken(24),
          customerId,
          localeCode: request.body?.localeCode ?? 'fr_FR',
        }),
        items: [],
        shipment: null,
        withdrawals: [],
      };
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
      if (!variant)
        throw new ViolationError([
          { propertyPath: 'productVariant', message: 'Cette pièce n’existe pas ou n’est plus en vente.' },
        ]);
      const quantity = request.body.quantity ?? 1;
      const cart = await changeOrder(context, request.log, order, async (tx) => {
        // Inserted only if absent and the cart has room, the order locked: two clicks cannot add the
        // part twice, nor two tabs go past the cart's size. The answer's reasons are read only on refusal.
        const addable = addItemProblem(variant, quantity, false, 0) === null;
        const added =
          addable &&
          (await insertNewOrderItem(tx, order.id, {
            variantId: variant.id,
            variantCode: variant.code,
            productName: variant.productName,
            quantity: 1,
            unitPrice: variant.price,
            total: variant.price,
          }));
        if (added) return;
        const rows = await orderItemsOf(tx, order.id);
        const already = rows.some((row) => row.variantId === variant.id);
        const problem = addItemProblem(variant, quantity, already, rows.length) ?? CART_MESSAGES.already;
        throw new ViolationError([
          { propertyPath: problem === CART_MESSAGES.quantity ? 'quantity' : 'productVariant', message: problem },
        ]);
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
      await changeOrder(context, request.log, order, async (tx) => {
        if (!(await deleteOrderItem(tx, order.id, itemId))) throw notFound();
      });
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
      const updated = await changeOrder(context, request.log, order, async (tx, locked) => {
        const method = methodsFor(all, await orderWeight(tx, order.id)).find((candidate) => candidate.code === code);
        if (!method)
          throw new ViolationError([{ propertyPath: 'shippingMethod', message: CHECKOUT_MESSAGES.methodUnfit }]);
        if (!canApply(CHECKOUT, locked.checkoutState, 'select_shipping'))
          throw new ViolationError([{ propertyPath: '', message: CHECKOUT_MESSAGES.notAddressed }]);
        await writeShippingMethod(tx, order.id, method.code, apply(CHECKOUT, locked.checkoutState, 'select_shipping'));
      });
      return item('Order', iri('orders', order.tokenValue), orderFields(updated, { withState: true }));
    },
  );
};

export default ordersRoutes;
