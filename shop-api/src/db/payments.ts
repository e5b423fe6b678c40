/**
 * Payments and the stock holds they take. Holding is one conditional UPDATE per part inside a
 * transaction (`on_hand - on_hold > 0`): PostgreSQL's row lock makes concurrent checkouts of one part
 * wait for each other and re-check the condition, so only one of them can hold it.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { apply, CHECKOUT, ORDER, PAYMENT, SHIPPING } from '../domain/order-states.js';
import type { Db } from './client.js';
import { orderItems, orders, payments, products, productVariants, shipments } from './schema.js';

export type PaymentRow = typeof payments.$inferSelect;

export class HoldError extends Error {
  constructor(readonly variantCodes: string[]) {
    super(`Parts not available: ${variantCodes.join(', ')}`);
  }
}

export interface NewPayment {
  orderId: number;
  provider: string;
  sessionId: string;
  checkoutUrl: string;
  afterSuccessUrl: string;
  afterCancelUrl: string;
  amount: number;
  currencyCode: string;
  expiresAt: Date;
}

/** Holds every part of the order and records the payment; HoldError (nothing held) when one is gone. */
export async function openPayment(db: Db, payment: NewPayment, checkoutState: string): Promise<PaymentRow> {
  return db.transaction(async (tx) => {
    const items = await tx.select({ variantId: orderItems.variantId, code: orderItems.variantCode }).from(orderItems).where(eq(orderItems.orderId, payment.orderId));
    const held = await tx.update(productVariants)
      .set({ onHold: sql`${productVariants.onHold} + 1` })
      .where(and(inArray(productVariants.id, items.map((i) => i.variantId)), sql`${productVariants.onHand} - ${productVariants.onHold} > 0`))
      .returning({ id: productVariants.id });
    if (held.length !== items.length) {
      const heldIds = new Set(held.map((row) => row.id));
      throw new HoldError(items.filter((i) => !heldIds.has(i.variantId)).map((i) => i.code));
    }
    const [row] = await tx.insert(payments).values(payment).returning();
    await tx.update(orders).set({ checkoutState, updatedAt: new Date() }).where(eq(orders.id, payment.orderId));
    return row!;
  });
}

export async function findPaymentBySession(db: Db, sessionId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.sessionId, sessionId));
  return row ?? null;
}

export async function findOpenPayment(db: Db, orderId: number, now: Date): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.state, 'new'), sql`${payments.expiresAt} > ${now}`));
  return row ?? null;
}

export async function releaseHolds(tx: Db, orderId: number): Promise<void> {
  const items = await tx.select({ variantId: orderItems.variantId }).from(orderItems).where(eq(orderItems.orderId, orderId));
  if (items.length === 0) return;
  await tx.update(productVariants).set({ onHold: sql`GREATEST(${productVariants.onHold} - 1, 0)` })
    .where(inArray(productVariants.id, items.map((i) => i.variantId)));
}

/** Ends an open payment without money: its holds go, the checkout is back at the shipping step. */
export async function closePayment(db: Db, paymentId: number, state: 'cancelled' | 'expired'): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.update(payments).set({ state }).where(and(eq(payments.id, paymentId), eq(payments.state, 'new'))).returning();
    if (!payment) return false;
    await releaseHolds(tx as unknown as Db, payment.orderId);
    await tx.update(orders).set({ checkoutState: 'shipping_selected', updatedAt: new Date() })
      .where(and(eq(orders.id, payment.orderId), eq(orders.state, 'cart')));
    return true;
  });
}

/** Payments whose checkout expired: their parts go back on sale. Returns how many were closed. */
export async function expireStalePayments(db: Db, now: Date): Promise<number> {
  const stale = await db.select({ id: payments.id }).from(payments).where(and(eq(payments.state, 'new'), lt(payments.expiresAt, now)));
  let closed = 0;
  for (const { id } of stale) if (await closePayment(db, id, 'expired')) closed += 1;
  return closed;
}

export interface CompletedOrder {
  orderToken: string;
  soldCodes: string[];
  /** False when the payment had already been completed (a replayed confirmation). */
  changed: boolean;
}

/**
 * The provider confirmed the money: the payment completes, the order is placed (number, `new`,
 * `paid`, shipment `ready`) and its parts are sold — all or nothing, once.
 */
export async function completePayment(db: Db, paymentId: number, now: Date): Promise<CompletedOrder | null> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) return null;
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
    if (!order) return null;
    if (payment.state === 'completed') return { orderToken: order.tokenValue, soldCodes: [], changed: false };
    if (payment.state !== 'new') return null;
    await tx.update(payments).set({ state: 'completed', completedAt: now }).where(eq(payments.id, payment.id));
    await tx.update(orders).set({
      number: String(order.id).padStart(9, '0'),
      state: apply(ORDER, order.state, 'create'),
      checkoutState: apply(CHECKOUT, order.checkoutState, 'complete'),
      paymentState: apply(PAYMENT, apply(PAYMENT, order.paymentState, 'request_payment'), 'pay'),
      shippingState: apply(SHIPPING, order.shippingState, 'request_shipping'),
      checkoutCompletedAt: now,
      updatedAt: now,
    }).where(eq(orders.id, order.id));
    await tx.update(shipments).set({ state: 'ready' }).where(eq(shipments.orderId, order.id));
    const items = await tx.select({ variantId: orderItems.variantId, code: orderItems.variantCode }).from(orderItems).where(eq(orderItems.orderId, order.id));
    const variantIds = items.map((i) => i.variantId);
    await tx.update(productVariants).set({ onHand: 0, onHold: 0 }).where(inArray(productVariants.id, variantIds));
    await tx.update(products).set({ soldAt: now, updatedAt: now })
      .where(inArray(products.id, tx.select({ id: productVariants.productId }).from(productVariants).where(inArray(productVariants.id, variantIds))));
    const sold = await tx.select({ code: products.code }).from(products)
      .innerJoin(productVariants, eq(productVariants.productId, products.id)).where(inArray(productVariants.id, variantIds));
    return { orderToken: order.tokenValue, soldCodes: sold.map((row) => row.code), changed: true };
  });
}

/** The provider's session for a payment just opened. */
export async function attachCheckout(db: Db, paymentId: number, sessionId: string, checkoutUrl: string): Promise<PaymentRow> {
  const [row] = await db.update(payments).set({ sessionId, checkoutUrl }).where(eq(payments.id, paymentId)).returning();
  return row!;
}
