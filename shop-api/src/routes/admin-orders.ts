/**
 * Staff operations on orders (bearer STAFF_API_TOKEN, under /api/v2/admin; a real Sylius has its
 * admin): list placed orders (and carts whose captured money is refunded) and move one through
 * validate / wait / ship / fulfill / cancel.
 * `npm run orders` is the command line on top of it.
 */
import type { FastifyPluginAsync } from 'fastify';
import { listPlacedOrders, type OrderBundle } from '../db/orders.js';
import { orderPayments, type PaymentRow } from '../db/payments.js';
import { STAFF_OPERATIONS, type StaffOperation } from '../domain/order-operations.js';
import { syliusDate } from '../http/jsonld.js';
import { ADMIN_PREFIX, staffGuard } from '../http/staff-auth.js';
import type { AppContext } from '../context.js';
import { operateOrder } from '../use-cases/operate-order.js';

const summary = ({ order, items, shipment, withdrawals }: OrderBundle, payments: PaymentRow[]) => ({
  number: order.number,
  tokenValue: order.tokenValue,
  state: order.state,
  paymentState: order.paymentState,
  shippingState: order.shippingState,
  shippingMethod: shipment?.methodCode ?? null,
  total: order.total,
  items: items.map((item) => ({ code: item.variantCode, name: item.productName, unitPrice: item.unitPrice })),
  customer: order.billingAddress ? `${order.billingAddress.firstName} ${order.billingAddress.lastName}` : null,
  licencePlates: order.licencePlates,
  checkoutCompletedAt: order.checkoutCompletedAt ? syliusDate(order.checkoutCompletedAt) : null,
  fulfilledAt: order.fulfilledAt ? syliusDate(order.fulfilledAt) : null,
  // A consumer withdrew from these parts: the staff expect them back and refund (L221-24).
  withdrawals: withdrawals.map((row) => ({
    requestedAt: syliusDate(row.requestedAt),
    items: row.itemIds.map((id) => items.find((line) => line.id === id)?.variantCode ?? String(id)),
    acknowledged: row.acknowledgedAt !== null,
  })),
  // Money a provider took that placed nothing (a changed or closed checkout): refunded, or still due.
  refunds: payments
    .filter((payment) => payment.state === 'refund_due' || payment.state === 'refunded')
    .map((payment) => ({
      provider: payment.provider,
      amount: payment.capturedAmount,
      currencyCode: payment.capturedCurrency,
      reason: payment.refundReason,
      refundedAt: payment.refundedAt ? syliusDate(payment.refundedAt) : null,
    })),
  updatedAt: syliusDate(order.updatedAt),
});

async function summaries(db: AppContext['db'], bundles: OrderBundle[]) {
  const payments = await orderPayments(
    db,
    bundles.map((bundle) => bundle.order.id),
  );
  return bundles.map((bundle) =>
    summary(
      bundle,
      payments.filter((payment) => payment.orderId === bundle.order.id),
    ),
  );
}

const adminOrdersRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db, staffToken } = context;
  if (!staffToken) return;
  app.addHook('onRequest', staffGuard(staffToken));

  app.get<{ Querystring: { state?: string } }>(
    `${ADMIN_PREFIX}/orders`,
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { state: { type: 'string', enum: ['new', 'validated', 'fulfilled', 'cancelled', 'refund'] } },
        },
      },
    },
    async (request) => summaries(db, await listPlacedOrders(db, request.query.state)),
  );

  app.post<{ Params: { reference: string; operation: string } }>(
    `${ADMIN_PREFIX}/orders/:reference/:operation`,
    {
      schema: {
        params: {
          type: 'object',
          properties: {
            operation: { type: 'string', enum: [...STAFF_OPERATIONS] },
            reference: { type: 'string', maxLength: 64 },
          },
        },
      },
    },
    async (request) => {
      const updated = await operateOrder(context, {
        reference: request.params.reference,
        operation: request.params.operation as StaffOperation,
      });
      return (await summaries(db, [updated]))[0];
    },
  );
};

export default adminOrdersRoutes;
