/**
 * Carts and orders: create a cart, read it by token, add and remove parts. The token
 * is the key of an anonymous cart; a cart created by a signed-in customer answers 404 to anyone else.
 * Addressing and the shipping method are the checkout's first steps; payment is in payments.ts.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireCustomer } from '../auth/guard.js';
import { accessibleOrder as accessibleOrderFor, accessibleOrderRow } from '../auth/order-access.js';
import { findAddress } from '../db/customers.js';
import {
  CartClosedError,
  changeCart,
  createOrder,
  deleteOrderItem,
  findVariantStock,
  insertNewOrderItem,
  listCustomerOrders,
  listShippingMethods,
  orderItemsOf,
  orderWeight,
  writeAddresses,
  writeShippingMethod,
  type OrderBundle,
  type OrderRow,
} from '../db/orders.js';
import type { Db } from '../db/client.js';
import { closeCheckouts } from '../payments/confirmed.js';
import { countries, type OrderAddress } from '../db/schema.js';
import { eq } from 'drizzle-orm';
import { addItemProblem, CART_MESSAGES } from '../domain/cart.js';
import { CHECKOUT_MESSAGES, defaultMethod, methodsFor, parsePlates } from '../domain/checkout.js';
import { addressViolations, type AddressInput } from '../domain/customer-rules.js';
import { apply, canApply, CHECKOUT } from '../domain/order-states.js';
import type { Violation } from '../http/errors.js';
import { newToken } from '../domain/secrets.js';
import { notFound, ViolationError } from '../http/errors.js';
import { API_PREFIX, collection, iri, item, member } from '../http/jsonld.js';
import type { AppContext } from '../context.js';
import { orderFields } from '../serialisers/orders.js';

const ordersRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db, jwt, now } = context;
  const accessibleOrder = (request: FastifyRequest, token: string) => accessibleOrderFor(db, jwt, request, token);

  /**
   * Changes the cart through changeCart (order locked, open payment cancelled, delivery and totals
   * recomputed), then closes the cancelled payments' checkouts at their provider. Answers the cart as
   * the change left it, read inside the change.
   */
  async function changeOrder<T>(
    request: FastifyRequest,
    order: OrderRow,
    change: (tx: Db, order: OrderRow) => Promise<T>,
  ): Promise<OrderBundle> {
    try {
      const { cart, cancelled } = await changeCart(db, order.id, now(), change);
      if (cancelled.length > 0) await closeCheckouts(context, cancelled, request.log);
      return cart;
    } catch (error) {
      if (error instanceof CartClosedError)
        throw new ViolationError([{ propertyPath: '', message: CART_MESSAGES.notCart }]);
      throw error;
    }
  }

  app.post<{ Body: { localeCode?: string } | null }>(
    `${API_PREFIX}/orders`,
    {
      schema: { body: { type: ['object', 'null'], properties: { localeCode: { type: 'string', maxLength: 16 } } } },
    },
    async (request, reply) => {
      // A visitor with a valid token gets a cart of their own; a broken token is an error, not anonymity.
      const customerId = request.headers.authorization ? (await requireCustomer(db, jwt, request)).customerId : null;
      const order = await createOrder(db, {
        tokenValue: newToken(24),
        customerId,
        localeCode: request.body?.localeCode ?? 'fr_FR',
      });
      return reply
        .status(201)
        .send(
          item(
            'Order',
            iri('orders', order.tokenValue),
            orderFields({ order, items: [], shipment: null, withdrawals: [] }, { withState: true }),
          ),
        );
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
      const cart = await changeOrder(request, order, async (tx) => {
        // Inserted only if absent, the order locked: two clicks cannot add the part twice.
        const addable = addItemProblem(variant, quantity, false) === null;
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
        const already = addable || (await orderItemsOf(tx, order.id)).some((row) => row.variantId === variant.id);
        const problem = addItemProblem(variant, quantity, already)!;
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
      const { order } = await accessibleOrder(request, request.params.token);
      if (order.state !== 'cart') throw new ViolationError([{ propertyPath: '', message: CART_MESSAGES.notCart }]);
      await changeOrder(request, order, async (tx) => {
        if (!(await deleteOrderItem(tx, order.id, Number(request.params.itemId)))) throw notFound();
      });
      return reply.status(204).send();
    },
  );

  interface UpdateBody {
    email?: string;
    billingAddress?: AddressInput | null;
    shippingAddress?: AddressInput | null;
    billingAddressId?: number | string | null;
    shippingAddressId?: number | string | null;
    licencePlates?: string | (string | { plate?: string })[] | null;
  }
  const addressSchema = { type: ['object', 'null'], additionalProperties: true } as const;
  const idSchema = { type: ['integer', 'string', 'null'] } as const;

  // Addresses (typed or from the address book) and licence plates: the checkout's "address" step.
  app.put<{ Params: { token: string }; Body: UpdateBody }>(
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
      const bundle = await accessibleOrder(request, request.params.token);
      const { order } = bundle;
      if (order.state !== 'cart' || !canApply(CHECKOUT, order.checkoutState, 'address'))
        throw new ViolationError([{ propertyPath: '', message: CHECKOUT_MESSAGES.completed }]);
      if (bundle.items.length === 0) throw new ViolationError([{ propertyPath: '', message: CHECKOUT_MESSAGES.empty }]);
      const body = request.body;
      const violations: Violation[] = [];
      const shippable = new Set(
        (await db.select({ code: countries.code }).from(countries).where(eq(countries.enabled, true))).map(
          (c) => c.code,
        ),
      );

      async function resolve(
        kind: 'billing' | 'shipping',
      ): Promise<{ address: OrderAddress | null; id: number | null }> {
        const id = body[`${kind}AddressId`];
        if (id !== undefined && id !== null && id !== '') {
          const claims = await requireCustomer(db, jwt, request).catch(() => null);
          if (!claims) {
            violations.push({ propertyPath: `${kind}AddressId`, message: CHECKOUT_MESSAGES.signInForAddress });
            return { address: null, id: null };
          }
          const saved = /^\d{1,10}$/.test(String(id)) ? await findAddress(db, claims.customerId, Number(id)) : null;
          if (!saved) {
            violations.push({ propertyPath: `${kind}AddressId`, message: CHECKOUT_MESSAGES.unknownAddress });
            return { address: null, id: null };
          }
          const { id: savedId, customerId: _owner, createdAt: _c, updatedAt: _u, ...fields } = saved;
          return { address: fields, id: savedId };
        }
        const typed = body[`${kind}Address`];
        if (!typed) return { address: null, id: null };
        const found = addressViolations(typed, shippable);
        violations.push(...found.map((v) => ({ ...v, propertyPath: `${kind}Address.${v.propertyPath}` })));
        const clean = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
        return {
          address: {
            firstName: clean(typed.firstName) ?? '',
            lastName: clean(typed.lastName) ?? '',
            phoneNumber: clean(typed.phoneNumber),
            company: clean(typed.company),
            countryCode: (clean(typed.countryCode) ?? '').toUpperCase(),
            provinceCode: clean(typed.provinceCode),
            provinceName: clean(typed.provinceName),
            street: clean(typed.street) ?? '',
            city: clean(typed.city) ?? '',
            postcode: clean(typed.postcode) ?? '',
          },
          id: null,
        };
      }

      const billing = await resolve('billing');
      let shipping = await resolve('shipping');
      // Without a shipping address, the parts go to the billing address (Sylius's OrderAddressModifier).
      if (!shipping.address) shipping = billing;
      if (!billing.address && violations.length === 0)
        violations.push({ propertyPath: 'billingAddress', message: 'Indiquez une adresse de facturation.' });
      const plates = parsePlates(body.licencePlates ?? null);
      violations.push(...plates.errors.map((message) => ({ propertyPath: 'licencePlates', message })));
      if (violations.length > 0) throw new ViolationError(violations);

      const method = defaultMethod(
        await listShippingMethods(db),
        await orderWeight(db, order.id),
        bundle.shipment?.methodCode,
      );
      if (!method) throw new ViolationError([{ propertyPath: '', message: CHECKOUT_MESSAGES.methodUnfit }]);
      // A signed-in customer addressing an anonymous cart takes it (Sylius's AddressOrderHandler): from
      // then on it answers only to them and appears in their orders.
      const owner =
        order.customerId === null && request.headers.authorization
          ? (await requireCustomer(db, jwt, request)).customerId
          : undefined;
      const updated = await changeOrder(request, order, async (tx, locked) => {
        if (!canApply(CHECKOUT, locked.checkoutState, 'address'))
          throw new ViolationError([{ propertyPath: '', message: CHECKOUT_MESSAGES.completed }]);
        await writeAddresses(
          tx,
          order.id,
          {
            ...(owner !== undefined ? { customerId: owner } : {}),
            billingAddress: billing.address!,
            shippingAddress: shipping.address!,
            billingAddressId: billing.id,
            shippingAddressId: shipping.id,
            licencePlates: plates.plates.length > 0 ? plates.plates.join(', ') : null,
            checkoutState: apply(CHECKOUT, locked.checkoutState, 'address'),
          },
          method.code,
        );
      });
      return item('Order', iri('orders', order.tokenValue), orderFields(updated, { withState: true }));
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
      const updated = await changeOrder(request, order, async (tx, locked) => {
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
