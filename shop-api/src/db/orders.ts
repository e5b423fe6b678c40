/** Orders and their items. Writes that touch totals recompute them from the items, in one transaction. */
import { and, asc, desc, eq, gt, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { cartTotals, MAX_PARTS_PER_CART } from '../domain/cart.js';
import { defaultMethod } from '../domain/checkout.js';
import type { Db } from './client.js';
import { cancelOpenPayments, type PaymentRow } from './payments.js';
import { catalogueTransaction, restockParts, type CatalogueTx } from './stock.js';
import {
  orderItems,
  orders,
  payments,
  productVariants,
  products,
  shipments,
  shippingMethods,
  withdrawals,
  type OrderAddress,
} from './schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
type ShipmentRow = typeof shipments.$inferSelect;
export type ShippingMethodRow = typeof shippingMethods.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

export async function createOrder(
  db: Db,
  fields: { tokenValue: string; customerId: number | null; localeCode: string },
): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(fields).returning();
  return row!;
}

/**
 * The customer's cart to pick up (Sylius's PickupCart): their latest cart with parts in it, else their
 * latest empty one (so that signing in again does not leave one more empty cart behind each time).
 */
export async function latestCartOf(db: Db, customerId: number): Promise<OrderBundle | null> {
  const [row] = await db
    .select({ token: orders.tokenValue })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.state, 'cart')))
    .orderBy(
      desc(sql`EXISTS (SELECT 1 FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id})`),
      desc(orders.updatedAt),
      desc(orders.id),
    )
    .limit(1);
  return row ? findOrder(db, row.token) : null;
}

/** A cart without what was typed into its checkout (addresses, plates), back before the address step. */
const UNTYPED = {
  billingAddress: null,
  shippingAddress: null,
  billingAddressId: null,
  shippingAddressId: null,
  licencePlates: null,
  checkoutState: 'cart',
} as const;

/**
 * An anonymous cart becomes the customer's (unless someone claimed it meanwhile); its owner after. It
 * keeps only its parts, as the sign-in merge does: whoever made the cart typed its addresses and plates,
 * and a cart token can be planted in a browser (a cookie written from a sibling domain or over plain
 * http), so they are dropped and the cart goes back before the address step.
 */
export async function claimCart(db: Db, orderId: number, customerId: number): Promise<number | null> {
  const [claimed] = await db
    .update(orders)
    .set({ customerId, ...UNTYPED })
    .where(and(eq(orders.id, orderId), isNull(orders.customerId), eq(orders.state, 'cart')))
    .returning({ customerId: orders.customerId });
  if (claimed) return claimed.customerId;
  // Claimed by someone else in the meantime, or placed: whoever owns it now.
  const [row] = await db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, orderId));
  return row?.customerId ?? null;
}

/**
 * The addresses (and licence plates) a customer's carts were given since `since` are dropped, and those
 * carts go back before the address step (a password reset or a recovery: someone who knew the old
 * password may have typed where the parts go, and the checkout would offer it again). A payment open
 * on such a cart ends first, its holds with it: left open, it kept the cart's address past the reset,
 * and whoever opened it could close it right after. Returns the payments cancelled, whose providers'
 * checkouts the caller closes once committed.
 */
export async function forgetCartAddresses(
  tx: CatalogueTx,
  customerId: number,
  since: Date,
  now: Date,
): Promise<PaymentRow[]> {
  const typed = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.state, 'cart'),
        inArray(orders.checkoutState, ['addressed', 'shipping_selected', 'shipping_skipped', 'payment_selected']),
        gt(orders.updatedAt, since),
      ),
    )
    .for('update');
  if (typed.length === 0) return [];
  const cancelled: PaymentRow[] = [];
  for (const { id } of typed) cancelled.push(...(await cancelOpenPayments(tx, id, now)));
  await tx
    .update(orders)
    .set({ ...UNTYPED, updatedAt: now })
    .where(
      inArray(
        orders.id,
        typed.map((row) => row.id),
      ),
    );
  return cancelled;
}

export interface OrderBundle {
  order: OrderRow;
  items: OrderItemRow[];
  shipment: ShipmentRow | null;
  /** The consumer's withdrawals from this order, oldest first. */
  withdrawals: WithdrawalRow[];
}

/** The order row alone (who may use it, whether it is still a cart): what a cart change needs first. */
export async function findOrderRow(db: Db, tokenValue: string): Promise<OrderRow | null> {
  const [order] = await db.select().from(orders).where(eq(orders.tokenValue, tokenValue));
  return order ?? null;
}

export async function findOrder(db: Db, tokenValue: string): Promise<OrderBundle | null> {
  const [order] = await db.select().from(orders).where(eq(orders.tokenValue, tokenValue));
  if (!order) return null;
  const [items, [shipment], withdrawn] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    db.select().from(shipments).where(eq(shipments.orderId, order.id)),
    order.state === 'cart'
      ? []
      : db.select().from(withdrawals).where(eq(withdrawals.orderId, order.id)).orderBy(asc(withdrawals.id)),
  ]);
  return { order, items, shipment: shipment ?? null, withdrawals: withdrawn };
}

/** Weight of the order's parts, in grams (shipping methods and prices follow it). */
export async function orderWeight(db: Db, orderId: number): Promise<number> {
  const rows = await db
    .select({ weight: products.weightGrams })
    .from(orderItems)
    .innerJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(orderItems.orderId, orderId));
  return rows.reduce((sum, row) => sum + row.weight, 0);
}

export async function listShippingMethods(db: Db): Promise<ShippingMethodRow[]> {
  return db
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.enabled, true))
    .orderBy(asc(shippingMethods.position));
}

/** An enabled shipping method by its code, or null. */
export async function findShippingMethod(db: Db, code: string): Promise<ShippingMethodRow | null> {
  const [row] = await db
    .select()
    .from(shippingMethods)
    .where(and(eq(shippingMethods.code, code), eq(shippingMethods.enabled, true)));
  return row ?? null;
}

export interface AddressingChange {
  billingAddress: OrderAddress;
  shippingAddress: OrderAddress;
  billingAddressId: number | null;
  shippingAddressId: number | null;
  licencePlates: string | null;
  checkoutState: string;
  /** Set when a signed-in customer addresses an anonymous cart: the order becomes theirs. */
  customerId?: number;
}

/** The order is no longer a cart (its payment placed it): nothing of it may change. */
export class CartClosedError extends Error {
  constructor() {
    super('The order is no longer a cart');
  }
}

export interface CartChange<T> {
  result: T;
  /** Payments the change cancelled: their providers' checkouts are to be closed once committed. */
  cancelled: PaymentRow[];
  /** The cart as the change left it, read inside the transaction: the answer needs no second read. */
  cart: OrderBundle;
}

/**
 * The one way a cart changes (items, addresses, plates, delivery): one transaction with the order row
 * locked, so a payment's confirmation sees the order before or after the change, never during it.
 * A change cancels the open payment, if any — its checkout asked another amount for other parts —
 * and releases its holds: the shopper pays again. Then the delivery is repriced for the parts' weight
 * and the totals recomputed. The items are read once, after the change, for the weight, the totals
 * and the answer (ARCHITECTURE.md, "Adding a part to the cart").
 */
export async function changeCart<T>(
  db: Db,
  orderId: number,
  now: Date,
  change: (tx: Db, order: OrderRow) => Promise<T>,
): Promise<CartChange<T>> {
  return catalogueTransaction(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.state !== 'cart') throw new CartClosedError();
    const cancelled = await cancelOpenPayments(tx, orderId, now);
    const result = await change(tx, {
      ...order,
      checkoutState:
        cancelled.length > 0 && order.checkoutState === 'payment_selected' ? 'shipping_selected' : order.checkoutState,
    });
    const weighed = await tx
      .select({ item: orderItems, weight: products.weightGrams })
      .from(orderItems)
      .innerJoin(productVariants, eq(productVariants.id, orderItems.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id));
    const items = weighed.map((row) => row.item);
    const shipment = await repriceShipping(
      tx,
      orderId,
      weighed.reduce((sum, row) => sum + row.weight, 0),
    );
    const [updated] = await tx
      .update(orders)
      .set({
        ...cartTotals(
          items.map((row) => row.total),
          shipment ? shipment.price : order.shippingTotal,
        ),
        // A method put in place of the chosen one was not chosen: the order is back to "addressed", so
        // no payment opens until the shopper chooses again (select_payment starts from a chosen method).
        ...(shipment?.replaced
          ? {
              checkoutState: sql<string>`CASE WHEN ${orders.checkoutState} IN ('shipping_selected', 'payment_selected') THEN 'addressed' ELSE ${orders.checkoutState} END`,
            }
          : {}),
        updatedAt: now,
      })
      .where(eq(orders.id, orderId))
      .returning();
    return {
      result,
      cancelled,
      cart: { order: updated!, items, shipment: shipment?.row ?? null, withdrawals: [] },
    };
  });
}

/** Records the addresses (and plates) and the shipment they imply (inside changeCart). */
export async function writeAddresses(
  tx: Db,
  orderId: number,
  change: AddressingChange,
  methodCode: string,
): Promise<void> {
  await tx.update(orders).set(change).where(eq(orders.id, orderId));
  await tx
    .insert(shipments)
    .values({ orderId, methodCode })
    .onConflictDoUpdate({ target: shipments.orderId, set: { methodCode } });
}

/** The shipment's method (inside changeCart, which prices it). */
export async function writeShippingMethod(
  tx: Db,
  orderId: number,
  methodCode: string,
  checkoutState: string,
): Promise<void> {
  await tx.update(shipments).set({ methodCode }).where(eq(shipments.orderId, orderId));
  await tx.update(orders).set({ checkoutState }).where(eq(orders.id, orderId));
}

/**
 * Adds the part unless the order has it already or holds MAX_PARTS_PER_CART parts (inside changeCart:
 * the order row is locked, so two clicks cannot add it twice). One statement; false when it did not.
 */
export async function insertNewOrderItem(
  tx: Db,
  orderId: number,
  item: Required<Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>>,
): Promise<boolean> {
  const value = <V>(column: AnyPgColumn, v: V) => sql<V>`${v}::${sql.raw(column.getSQLType())}`;
  const inserted = await tx
    .insert(orderItems)
    .select(
      tx
        .select({
          // Every column, in the table's order (Drizzle's insert-select); the id from its serial.
          id: sql<number>`nextval(pg_get_serial_sequence('order_items', 'id'))`.as('id'),
          orderId: orders.id,
          variantId: value(orderItems.variantId, item.variantId).as('variant_id'),
          variantCode: value(orderItems.variantCode, item.variantCode).as('variant_code'),
          productName: value(orderItems.productName, item.productName).as('product_name'),
          quantity: value(orderItems.quantity, item.quantity).as('quantity'),
          unitPrice: value(orderItems.unitPrice, item.unitPrice).as('unit_price'),
          total: value(orderItems.total, item.total).as('total'),
        })
        .from(orders)
        .where(
          and(
            eq(orders.id, orderId),
            notExists(
              tx
                .select({ id: orderItems.id })
                .from(orderItems)
                .where(and(eq(orderItems.orderId, orderId), eq(orderItems.variantId, item.variantId))),
            ),
            sql`(SELECT count(*) FROM ${orderItems} WHERE ${orderItems.orderId} = ${orderId}) < ${MAX_PARTS_PER_CART}`,
          ),
        ),
    )
    .returning({ id: orderItems.id });
  return inserted.length > 0;
}

export async function deleteOrderItem(tx: Db, orderId: number, itemId: number): Promise<boolean> {
  const removed = await tx
    .delete(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)))
    .returning({ id: orderItems.id });
  return removed.length > 0;
}

export async function orderItemsOf(tx: Db, orderId: number): Promise<OrderItemRow[]> {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/**
 * The shipment keeps its method while it fits the parts' weight (else the first that does, `replaced`),
 * at the weight's price; null without a shipment (before the address step) or a method that fits.
 */
async function repriceShipping(
  tx: Db,
  orderId: number,
  weight: number,
): Promise<{ row: ShipmentRow; price: number; replaced: boolean } | null> {
  const [shipment] = await tx.select().from(shipments).where(eq(shipments.orderId, orderId));
  if (!shipment) return null;
  const method = defaultMethod(await listShippingMethods(tx), weight, shipment.methodCode);
  if (!method) return null;
  if (method.code === shipment.methodCode) return { row: shipment, price: method.price, replaced: false };
  await tx.update(shipments).set({ methodCode: method.code }).where(eq(shipments.id, shipment.id));
  return { row: { ...shipment, methodCode: method.code }, price: method.price, replaced: true };
}

/** The variant with what decides whether it can be sold. */
export async function findVariantStock(db: Db, code: string) {
  const [row] = await db
    .select({
      id: productVariants.id,
      code: productVariants.code,
      price: productVariants.price,
      onHand: productVariants.onHand,
      heldByPaymentId: productVariants.heldByPaymentId,
      productName: products.name,
      soldAt: products.soldAt,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.code, code), eq(productVariants.enabled, true), eq(products.enabled, true)));
  return row ?? null;
}

/** Placed orders (never carts) of a customer, newest first, with their shipment. */
export async function listCustomerOrders(db: Db, customerId: number): Promise<OrderBundle[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), sql`${orders.state} <> 'cart'`))
    .orderBy(desc(orders.id));
  return Promise.all(rows.map(async (order) => (await findOrder(db, order.tokenValue))!));
}

/**
 * Orders for the staff, newest first: placed ones, and carts whose captured money is to be refunded
 * (`state` narrows: an order state, or `refund` for orders with a refund due or made).
 */
export async function listPlacedOrders(db: Db, state?: string, limit = 50): Promise<OrderBundle[]> {
  const withRefund = sql`${orders.id} IN (SELECT ${payments.orderId} FROM ${payments} WHERE ${payments.state} IN ('refund_due', 'refunded'))`;
  const rows = await db
    .select()
    .from(orders)
    .where(
      state === 'refund'
        ? withRefund
        : state
          ? eq(orders.state, state)
          : sql`(${orders.state} <> 'cart' OR ${withRefund})`,
    )
    .orderBy(desc(orders.id))
    .limit(limit);
  return Promise.all(rows.map(async (order) => (await findOrder(db, order.tokenValue))!));
}

export async function findPlacedOrder(db: Db, numberOrToken: string): Promise<OrderBundle | null> {
  const [row] = await db
    .select({ token: orders.tokenValue })
    .from(orders)
    .where(
      and(
        sql`(${orders.number} = ${numberOrToken} OR ${orders.tokenValue} = ${numberOrToken})`,
        sql`${orders.state} <> 'cart'`,
      ),
    );
  return row ? findOrder(db, row.token) : null;
}

/** Records a staff operation's outcome; a cancelled order's parts go back on sale. Returns their codes. */
export async function applyOperation(
  db: Db,
  orderId: number,
  outcome: { state: string; paymentState: string; shippingState: string; restock: boolean },
  now: Date,
): Promise<string[]> {
  return catalogueTransaction(db, async (tx) => {
    await tx
      .update(orders)
      .set({
        state: outcome.state,
        paymentState: outcome.paymentState,
        shippingState: outcome.shippingState,
        updatedAt: now,
        // Delivered or collected: the consumer's withdrawal period starts from here.
        ...(outcome.state === 'fulfilled' ? { fulfilledAt: now } : {}),
      })
      .where(eq(orders.id, orderId));
    const shipmentState = outcome.shippingState === 'waiting' ? 'ready' : outcome.shippingState;
    await tx.update(shipments).set({ state: shipmentState }).where(eq(shipments.orderId, orderId));
    if (!outcome.restock) return [];
    const items = await tx
      .select({ variantId: orderItems.variantId })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    return restockParts(
      tx,
      items.map((item) => item.variantId),
      now,
    );
  });
}

/**
 * Records a withdrawal unless one of its items was withdrawn meanwhile (the order row is locked, so two
 * clicks cannot withdraw the same part twice): null then. The acknowledgement is marked sent separately.
 */
export async function recordWithdrawal(
  db: Db,
  fields: Omit<typeof withdrawals.$inferInsert, 'id' | 'acknowledgedAt'>,
): Promise<WithdrawalRow | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, fields.orderId)).for('update');
    const earlier = await tx
      .select({ itemIds: withdrawals.itemIds })
      .from(withdrawals)
      .where(eq(withdrawals.orderId, fields.orderId));
    if (earlier.some((row) => row.itemIds.some((id) => fields.itemIds.includes(id)))) return null;
    const [row] = await tx.insert(withdrawals).values(fields).returning();
    return row!;
  });
}

export async function markWithdrawalAcknowledged(db: Db, id: number, at: Date): Promise<void> {
  await db.update(withdrawals).set({ acknowledgedAt: at }).where(eq(withdrawals.id, id));
}
