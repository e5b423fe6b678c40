/**
 * Carts and orders (contract §1.2): create a cart, read it by token, add and remove parts. The token
 * is the key of an anonymous cart; a cart created by a signed-in customer answers 404 to anyone else.
 * Checkout, payment and order history come next (issue 5).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireCustomer } from '../auth/guard.js';
import { addOrderItem, createOrder, findOrder, findVariantStock, removeOrderItem, type OrderItemRow, type OrderRow } from '../db/orders.js';
import { addItemProblem, CART_MESSAGES } from '../domain/cart.js';
import { newToken } from '../domain/secrets.js';
import { notFound, ViolationError } from '../http/errors.js';
import { API_PREFIX, iri, item } from '../http/jsonld.js';
import type { AppContext } from '../app.js';

export function orderFields(order: OrderRow, items: OrderItemRow[], { withState }: { withState: boolean }) {
  return {
    ...(withState ? { channel: `${API_PREFIX}/channels/WEB`, state: order.state } : {}),
    shippingAddress: null,
    billingAddress: null,
    payments: [],
    shipments: [],
    currencyCode: order.currencyCode,
    localeCode: order.localeCode,
    checkoutState: order.checkoutState,
    paymentState: order.paymentState,
    shippingState: order.shippingState,
    tokenValue: order.tokenValue,
    id: order.id,
    number: order.number,
    items: items.map((row) => ({
      '@id': iri('order-items', row.id), '@type': 'OrderItem', id: row.id,
      variant: iri('product-variants', row.variantCode), productName: row.productName, quantity: row.quantity,
      unitPrice: row.unitPrice, originalUnitPrice: row.unitPrice, discountedUnitPrice: row.unitPrice, total: row.total, subtotal: row.total,
    })),
    itemsTotal: order.itemsTotal,
    itemsSubtotal: order.itemsTotal,
    itemsTotalQuantities: items.reduce((sum, row) => sum + row.quantity, 0),
    shippingTotal: order.shippingTotal,
    taxTotal: 0,
    orderPromotionTotal: 0,
    shippingPromotionTotal: 0,
    total: order.total,
  };
}

const ordersRoutes: FastifyPluginAsync<AppContext> = async (app, { db, jwt }) => {
  /** The order `token`, if the caller may see it: anonymous carts by token, a customer's only by them. */
  async function accessibleOrder(request: FastifyRequest, token: string) {
    const found = await findOrder(db, token);
    if (!found) throw notFound();
    if (found.order.customerId !== null) {
      const claims = await requireCustomer(request, jwt).catch(() => null);
      if (claims?.customerId !== found.order.customerId) throw notFound();
    }
    return found;
  }

  app.post<{ Body: { localeCode?: string } | null }>(`${API_PREFIX}/orders`, {
    schema: { body: { type: ['object', 'null'], properties: { localeCode: { type: 'string', maxLength: 16 } } } },
  }, async (request, reply) => {
    // A visitor with a valid token gets a cart of their own; a broken token is an error, not anonymity.
    const customerId = request.headers.authorization ? (await requireCustomer(request, jwt)).customerId : null;
    const order = await createOrder(db, { tokenValue: newToken(24), customerId, localeCode: request.body?.localeCode ?? 'fr_FR' });
    return reply.status(201).send(item('Order', iri('orders', order.tokenValue), orderFields(order, [], { withState: true })));
  });

  app.get<{ Params: { token: string } }>(`${API_PREFIX}/orders/:token`, async (request) => {
    const { order, items } = await accessibleOrder(request, request.params.token);
    return item('Order', iri('orders', order.tokenValue), orderFields(order, items, { withState: false }));
  });

  app.post<{ Params: { token: string }; Body: { productVariant: string; quantity?: number } }>(`${API_PREFIX}/orders/:token/items`, {
    schema: {
      body: {
        type: 'object', required: ['productVariant'],
        properties: { productVariant: { type: 'string', minLength: 1, maxLength: 300 }, quantity: { type: 'integer', minimum: 1, maximum: 1000 } },
      },
    },
  }, async (request, reply) => {
    const { order, items } = await accessibleOrder(request, request.params.token);
    if (order.state !== 'cart') throw new ViolationError([{ propertyPath: '', message: CART_MESSAGES.notCart }]);
    const code = decodeURIComponent(request.body.productVariant.split('/').pop() ?? '');
    const variant = await findVariantStock(db, code);
    if (!variant) throw new ViolationError([{ propertyPath: 'productVariant', message: 'Cette pièce n’existe pas ou n’est plus en vente.' }]);
    const problem = addItemProblem(variant, request.body.quantity ?? 1, items.some((row) => row.variantId === variant.id));
    if (problem) throw new ViolationError([{ propertyPath: problem === CART_MESSAGES.quantity ? 'quantity' : 'productVariant', message: problem }]);
    await addOrderItem(db, order.id, {
      variantId: variant.id, variantCode: variant.code, productName: variant.productName, quantity: 1, unitPrice: variant.price, total: variant.price,
    });
    const updated = (await findOrder(db, order.tokenValue))!;
    return reply.status(201).send(item('Order', iri('orders', order.tokenValue), orderFields(updated.order, updated.items, { withState: false })));
  });

  app.delete<{ Params: { token: string; itemId: string } }>(`${API_PREFIX}/orders/:token/items/:itemId`, {
    schema: { params: { type: 'object', properties: { itemId: { type: 'string', pattern: '^[0-9]{1,10}$' } } } },
  }, async (request, reply) => {
    const { order } = await accessibleOrder(request, request.params.token);
    if (order.state !== 'cart') throw new ViolationError([{ propertyPath: '', message: CART_MESSAGES.notCart }]);
    if (!(await removeOrderItem(db, order.id, Number(request.params.itemId)))) throw notFound();
    return reply.status(204).send();
  });
};

export default ordersRoutes;
