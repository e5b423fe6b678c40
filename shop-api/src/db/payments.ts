/**
 * Payments and the holds they take. Every write locks the order row first (`FOR UPDATE`): opening a
 * payment, changing the cart (which cancels the open payment) and the provider's confirmation take
 * turns, so a confirmation always judges the order as it is at that moment.
 *
 * A payment is `new` while its checkout is open and its parts are held by it; the provider's
 * confirmation places the order only if the captured money is the order's total, in its currency,
 * and every part is still held by this very payment. Otherwise nothing is sold and the payment is
 * `refund_due` until the provider has given the money back (`refunded`).
 */
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { orderNumber } from '../domain/checkout.js';
import type { PartAvailability } from '../domain/part-availability.js';
import { apply, canApply, CHECKOUT, ORDER, PAYMENT, SHIPPING } from '../domain/order-states.js';
import type { Db } from './client.js';
import { customers, orderItems, orders, payments, productVariants, shipments } from './schema.js';
import { catalogueTransaction, holdParts, releaseHolds, sellParts, stockOf, type CatalogueTx } from './stock.js';

export type PaymentRow = typeof payments.$inferSelect;

/** States of a payment that took no money and hold nothing any more. */
type ClosedWithoutMoney = 'cancelled' | 'expired';

/** The parts a payment could not hold, each sold or held by someone else's payment. */
export class HoldError extends Error {
  constructor(readonly refused: { code: string; availability: PartAvailability }[]) {
    super(`Parts not available: ${refused.map((part) => part.code).join(', ')}`);
  }
}

export interface NewPayment {
  orderId: number;
  provider: string;
  sessionId: string;
  afterSuccessUrl: string;
  afterCancelUrl: string;
  expiresAt: Date;
}

export type OpenOutcome =
  /** `superseded`: the customer's payments open on other orders, cancelled (their checkouts to close). */
  | { kind: 'opened'; payment: PaymentRow; superseded: PaymentRow[] }
  /** A checkout is already open for the order (a double click, a second tab): the same one. */
  | { kind: 'existing'; payment: PaymentRow }
  | { kind: 'placed' }
  | { kind: 'empty' }
  | { kind: 'not_ready' };

/**
 * Opens a payment for the order's total as it is now and holds every part for it — all or nothing
 * (HoldError, nothing held, when one is sold or held by someone else). A customer holds parts for one
 * payment at a time: their payments open on other orders are cancelled in the same transaction.
 */
export async function openPayment(db: Db, payment: NewPayment, now: Date): Promise<OpenOutcome> {
  return catalogueTransaction(db, async (tx) => {
    // The customer's row first, then the orders: two payments of one customer open one after the
    // other, and the locks are always taken in that order (no deadlock with another of theirs).
    const [owner] = await tx
      .select({ customerId: orders.customerId })
      .from(orders)
      .where(eq(orders.id, payment.orderId));
    if (owner?.customerId != null)
      await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, owner.customerId)).for('update');
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
    if (!order || order.state !== 'cart') return { kind: 'placed' };
    const [open] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.state, 'new'), sql`${payments.expiresAt} > ${now}`));
    if (open) return { kind: 'existing', payment: open };
    const items = await tx
      .select({ variantId: orderItems.variantId, code: orderItems.variantCode })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    if (items.length === 0) return { kind: 'empty' };
    if (!canSelectPayment(order.checkoutState)) return { kind: 'not_ready' };
    const superseded: PaymentRow[] = [];
    if (order.customerId !== null) {
      const elsewhere = await tx
        .selectDistinct({ orderId: payments.orderId })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(and(eq(orders.customerId, order.customerId), eq(payments.state, 'new'), ne(orders.id, order.id)));
      for (const { orderId } of elsewhere) {
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
        superseded.push(...(await cancelOpenPayments(tx, orderId, now)));
      }
    }
    const [row] = await tx
      .insert(payments)
      .values({
        ...payment,
        checkoutUrl: '',
        amount: order.total,
        currencyCode: order.currencyCode,
      })
      .returning();
    const held = new Set(
      await holdParts(
        tx,
        row!.id,
        items.map((i) => i.variantId),
      ),
    );
    if (held.size !== items.length)
      throw new HoldError(
        await stockOf(
          tx,
          items.filter((i) => !held.has(i.variantId)).map((i) => i.variantId),
        ),
      );
    await tx
      .update(orders)
      .set({ checkoutState: apply(CHECKOUT, order.checkoutState, 'select_payment'), updatedAt: now })
      .where(eq(orders.id, order.id));
    return { kind: 'opened', payment: row!, superseded };
  });
}

const canSelectPayment = (checkoutState: string) =>
  (CHECKOUT.select_payment.from as readonly string[]).includes(checkoutState);

export async function findPaymentBySession(db: Db, sessionId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.sessionId, sessionId));
  return row ?? null;
}

/**
 * Cancels the order's open payments inside the caller's transaction (the order row locked by it):
 * their holds end and the checkout is back at the payment step. Returns them, so the provider's
 * checkouts can be closed once the transaction is committed.
 */
export async function cancelOpenPayments(tx: CatalogueTx, orderId: number, now: Date): Promise<PaymentRow[]> {
  const cancelled = await tx
    .update(payments)
    .set({ state: 'cancelled' })
    .where(and(eq(payments.orderId, orderId), eq(payments.state, 'new')))
    .returning();
  if (cancelled.length === 0) return [];
  await releaseHolds(
    tx,
    cancelled.map((row) => row.id),
  );
  await tx
    .update(orders)
    .set({ checkoutState: 'shipping_selected', updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.state, 'cart'), eq(orders.checkoutState, 'payment_selected')));
  return cancelled;
}

/** Ends an open payment without money (cancelled on the provider's page, expired): its holds go. */
export async function closePayment(
  db: Db,
  paymentId: number,
  state: ClosedWithoutMoney,
  now: Date,
): Promise<PaymentRow | null> {
  return catalogueTransaction(db, async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment || payment.state !== 'new') return null;
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, payment.orderId)).for('update');
    const [closed] = await tx
      .update(payments)
      .set({ state })
      .where(and(eq(payments.id, paymentId), eq(payments.state, 'new')))
      .returning();
    if (!closed) return null;
    await releaseHolds(tx, [closed.id]);
    await tx
      .update(orders)
      .set({ checkoutState: 'shipping_selected', updatedAt: now })
      .where(
        and(eq(orders.id, closed.orderId), eq(orders.state, 'cart'), eq(orders.checkoutState, 'payment_selected')),
      );
    return closed;
  });
}

/** Payments whose checkout expired: closed, their parts back on sale. Returns them. */
export async function expireStalePayments(db: Db, now: Date): Promise<PaymentRow[]> {
  const stale = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.state, 'new'), lt(payments.expiresAt, now)));
  const closed: PaymentRow[] = [];
  for (const { id } of stale) {
    const row = await closePayment(db, id, 'expired', now);
    if (row) closed.push(row);
  }
  return closed;
}

export interface Capture {
  paymentId: number;
  /** What the provider says it took, in cents, and in which currency. */
  amount: number;
  currencyCode: string;
  /** The provider's reference of the money (to refund it). */
  reference: string | null;
}

export type ConfirmOutcome =
  | { kind: 'placed'; orderToken: string }
  /** Already placed by this payment (a confirmation delivered twice). */
  | { kind: 'replay'; orderToken: string }
  /** Money that must go back: the order was not placed by it. */
  | { kind: 'refund'; payment: PaymentRow }
  | { kind: 'unknown' };

/**
 * The provider confirmed the money. The order is placed (number, `new`, `paid`, shipment `ready`, the
 * buyer's group recorded) and its parts sold — all or nothing, once — only if the payment is open, the
 * captured amount and currency are the order's total now, and this payment holds every part.
 */
export async function confirmPayment(db: Db, capture: Capture, now: Date): Promise<ConfirmOutcome> {
  return catalogueTransaction(db, async (tx) => {
    const [found] = await tx.select().from(payments).where(eq(payments.id, capture.paymentId));
    if (!found) return { kind: 'unknown' };
    const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update');
    const [payment] = await tx.select().from(payments).where(eq(payments.id, capture.paymentId)).for('update');
    if (!order || !payment) return { kind: 'unknown' };
    if (payment.state === 'completed') return { kind: 'replay', orderToken: order.tokenValue };
    if (payment.state === 'refunded') return { kind: 'unknown' };
    if (payment.state === 'refund_due') return { kind: 'refund', payment };

    const items = await tx
      .select({ variantId: orderItems.variantId, heldBy: productVariants.heldByPaymentId })
      .from(orderItems)
      .innerJoin(productVariants, eq(productVariants.id, orderItems.variantId))
      .where(eq(orderItems.orderId, order.id));
    const problem =
      payment.state !== 'new'
        ? 'le paiement avait été annulé ou avait expiré'
        : order.state !== 'cart'
          ? 'la commande était déjà réglée par un autre paiement'
          : !canApply(CHECKOUT, order.checkoutState, 'complete')
            ? 'la commande n’était plus à l’étape du paiement'
            : capture.currencyCode.toUpperCase() !== order.currencyCode
              ? `devise ${capture.currencyCode.toUpperCase()} au lieu de ${order.currencyCode}`
              : capture.amount !== order.total || payment.amount !== order.total
                ? `montant encaissé ${capture.amount} c au lieu de ${order.total} c`
                : items.length === 0 || items.some((item) => item.heldBy !== payment.id)
                  ? 'des pièces de la commande n’étaient pas réservées par ce paiement'
                  : null;
    const captured = {
      capturedAmount: capture.amount,
      capturedCurrency: capture.currencyCode.toUpperCase(),
      providerReference: capture.reference,
    };
    if (problem) {
      const [flagged] = await tx
        .update(payments)
        .set({ ...captured, state: 'refund_due', refundReason: `Remboursement dû : ${problem}.` })
        .where(eq(payments.id, payment.id))
        .returning();
      await releaseHolds(tx, [payment.id]);
      // Only the order's open payment moved its checkout to the payment step; a late confirmation of an
      // older payment leaves the checkout of the one now open as it is.
      if (order.state === 'cart' && payment.state === 'new') {
        await tx
          .update(orders)
          .set({ checkoutState: 'shipping_selected', updatedAt: now })
          .where(and(eq(orders.id, order.id), eq(orders.checkoutState, 'payment_selected')));
      }
      return { kind: 'refund', payment: flagged! };
    }

    await tx
      .update(payments)
      .set({ ...captured, state: 'completed', completedAt: now })
      .where(eq(payments.id, payment.id));
    const [buyer] = order.customerId
      ? await tx.select({ groupCode: customers.groupCode }).from(customers).where(eq(customers.id, order.customerId))
      : [];
    await tx
      .update(orders)
      .set({
        number: orderNumber(order.id),
        state: apply(ORDER, order.state, 'create'),
        checkoutState: apply(CHECKOUT, order.checkoutState, 'complete'),
        paymentState: apply(PAYMENT, apply(PAYMENT, order.paymentState, 'request_payment'), 'pay'),
        shippingState: apply(SHIPPING, order.shippingState, 'request_shipping'),
        customerGroupCode: buyer?.groupCode ?? 'individual',
        checkoutCompletedAt: now,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    await tx.update(shipments).set({ state: 'ready' }).where(eq(shipments.orderId, order.id));
    await sellParts(
      tx,
      items.map((item) => item.variantId),
      now,
    );
    return { kind: 'placed', orderToken: order.tokenValue };
  });
}

/** The provider gave the money back. */
export async function markRefunded(db: Db, paymentId: number, now: Date): Promise<void> {
  await db
    .update(payments)
    .set({ state: 'refunded', refundedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.state, 'refund_due')));
}

export async function paymentsToRefund(db: Db): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.state, 'refund_due'));
}

/**
 * The open payments holding any of these parts, cancelled (the staff sold or withdrew a part a
 * shopper was paying for: that checkout can no longer place its order). Inside the caller's transaction.
 */
export async function cancelPaymentsHolding(tx: CatalogueTx, variantIds: number[], now: Date): Promise<PaymentRow[]> {
  if (variantIds.length === 0) return [];
  const holders = await tx
    .selectDistinct({ orderId: payments.orderId })
    .from(payments)
    .innerJoin(productVariants, eq(productVariants.heldByPaymentId, payments.id))
    .where(and(inArray(productVariants.id, variantIds), eq(payments.state, 'new')));
  const cancelled: PaymentRow[] = [];
  for (const { orderId } of holders) cancelled.push(...(await cancelOpenPayments(tx, orderId, now)));
  return cancelled;
}

/** Payments of an order, oldest first (the staff see refunds due next to the order). */
export async function orderPayments(db: Db, orderIds: number[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(payments.id);
}

/** The provider's session for a payment just opened; null when the payment was closed meanwhile. */
export async function attachCheckout(
  db: Db,
  paymentId: number,
  sessionId: string,
  checkoutUrl: string,
): Promise<PaymentRow | null> {
  const [row] = await db.update(payments).set({ sessionId, checkoutUrl }).where(eq(payments.id, paymentId)).returning();
  return row && row.state === 'new' ? row : null;
}
