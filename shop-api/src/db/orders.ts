/** Orders and their items. Writes that touch totals recompute them from the items, in one transaction. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { cartTotals } from '../domain/cart.js';
import type { Db } from './client.js';
import { orderItems, orders, productVariants, products, shipments, shippingMethods, withdrawals, type OrderAddress } from './schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type ShipmentRow = typeof shipments.$inferSelect;
export type ShippingMethodRow = typeof shippingMethods.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

export async function createOrder(db: Db, fields: { tokenValue: string; customerId: number | null; localeCode: string }): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(fields).returning();
  return row!;
}

export interface OrderBundle {
  order: OrderRow;
  items: OrderItemRow[];
  shipment: ShipmentRow | null;
  /** The consumer's withdrawals from this order, oldest first. */
  withdrawals: WithdrawalRow[];
}

export async function findOrder(db: Db, tokenValue: string): Promise<OrderBundle | null> {
  const [order] = await db.select().from(orders).where(eq(orders.tokenValue, tokenValue));
  if (!order) return null;
  const [items, [shipment], withdrawn] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    db.select().from(shipments).where(eq(shipments.orderId, order.id)),
    order.state === 'cart' ? [] : db.select().from(withdrawals).where(eq(withdrawals.orderId, order.id)).orderBy(asc(withdrawals.id)),
  ]);
  return { order, items, shipment: shipment ?? null, withdrawals: withdrawn };
}

/** Weight of the order's parts, in grams (shipping methods and prices follow it). */
export async function orderWeight(db: Db, orderId: number): Promise<number> {
  const rows = await db.select({ weight: products.weightGrams })
    .from(orderItems)
    .innerJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(orderItems.orderId, orderId));
  return rows.reduce((sum, row) => sum + row.weight, 0);
}

export async function listShippingMethods(db: Db): Promise<ShippingMethodRow[]> {
  return db.select().from(shippingMethods).where(eq(shippingMethods.enabled, true)).orderBy(asc(shippingMethods.position));
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

/** Records the addresses (and plates) and the shipment they imply, with its price, in one transaction. */
export async function addressOrder(db: Db, orderId: number, change: AddressingChange, shipping: { methodCode: string; price: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(orders).set({ ...change, shippingTotal: shipping.price, updatedAt: new Date() }).where(eq(orders.id, orderId));
    await tx.insert(shipments).values({ orderId, methodCode: shipping.methodCode })
      .onConflictDoUpdate({ target: shipments.orderId, set: { methodCode: shipping.methodCode } });
    await recomputeTotals(tx as unknown as Db, orderId);
  });
}

export async function chooseShipping(db: Db, orderId: number, shipping: { methodCode: string; price: number }, checkoutState: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(shipments).set({ methodCode: shipping.methodCode }).where(eq(shipments.orderId, orderId));
    await tx.update(orders).set({ shippingTotal: shipping.price, checkoutState, updatedAt: new Date() }).where(eq(orders.id, orderId));
    await recomputeTotals(tx as unknown as Db, orderId);
  });
}

/** The variant with what decides whether it can be sold. */
export async function findVariantStock(db: Db, code: string) {
  const [row] = await db.select({
    id: productVariants.id, code: productVariants.code, price: productVariants.price, onHand: productVariants.onHand,
    onHold: productVariants.onHold, productName: products.name, soldAt: products.soldAt,
  })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.code, code), eq(productVariants.enabled, true), eq(products.enabled, true)));
  return row ?? null;
}

async function recomputeTotals(tx: Db, orderId: number): Promise<void> {
  const items = await tx.select({ total: orderItems.total }).from(orderItems).where(eq(orderItems.orderId, orderId));
  const [order] = await tx.select({ shippingTotal: orders.shippingTotal }).from(orders).where(eq(orders.id, orderId));
  await tx.update(orders).set({ ...cartTotals(items.map((i) => i.total), order?.shippingTotal ?? 0), updatedAt: new Date() }).where(eq(orders.id, orderId));
}

export async function addOrderItem(db: Db, orderId: number, item: Omit<typeof orderItems.$inferInsert, 'orderId'>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(orderItems).values({ ...item, orderId });
    await recomputeTotals(tx as unknown as Db, orderId);
  });
}

export async function removeOrderItem(db: Db, orderId: number, itemId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(orderItems).where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId))).returning({ id: orderItems.id });
    if (removed.length === 0) return false;
    await recomputeTotals(tx as unknown as Db, orderId);
    return true;
  });
}

/** Placed orders (never carts) of a customer, newest first, with their shipment. */
export async function listCustomerOrders(db: Db, customerId: number): Promise<OrderBundle[]> {
  const rows = await db.select().from(orders)
    .where(and(eq(orders.customerId, customerId), sql`${orders.state} <> 'cart'`))
    .orderBy(desc(orders.id));
  return Promise.all(rows.map(async (order) => (await findOrder(db, order.tokenValue))!));
}

/** Placed orders for the staff, newest first (`state` narrows). */
export async function listPlacedOrders(db: Db, state?: string, limit = 50): Promise<OrderBundle[]> {
  const rows = await db.select().from(orders)
    .where(state ? eq(orders.state, state) : sql`${orders.state} <> 'cart'`)
    .orderBy(desc(orders.id)).limit(limit);
  return Promise.all(rows.map(async (order) => (await findOrder(db, order.tokenValue))!));
}

export async function findPlacedOrder(db: Db, numberOrToken: string): Promise<OrderBundle | null> {
  const [row] = await db.select({ token: orders.tokenValue }).from(orders)
    .where(and(sql`(${orders.number} = ${numberOrToken} OR ${orders.tokenValue} = ${numberOrToken})`, sql`${orders.state} <> 'cart'`));
  return row ? findOrder(db, row.token) : null;
}

/** Records a staff operation's outcome; a cancelled order's parts go back on sale. Returns their codes. */
export async function applyOperation(db: Db, orderId: number, outcome: { state: string; paymentState: string; shippingState: string; restock: boolean }, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.update(orders).set({
      state: outcome.state, paymentState: outcome.paymentState, shippingState: outcome.shippingState, updatedAt: now,
      // Delivered or collected: the consumer's withdrawal period starts from here.
      ...(outcome.state === 'fulfilled' ? { fulfilledAt: now } : {}),
    })
      .where(eq(orders.id, orderId));
    const shipmentState = outcome.shippingState === 'waiting' ? 'ready' : outcome.shippingState;
    await tx.update(shipments).set({ state: shipmentState }).where(eq(shipments.orderId, orderId));
    if (!outcome.restock) return [];
    const items = await tx.select({ variantId: orderItems.variantId }).from(orderItems).where(eq(orderItems.orderId, orderId));
    const variantIds = items.map((item) => item.variantId);
    if (variantIds.length === 0) return [];
    await tx.update(productVariants).set({ onHand: 1, onHold: 0 }).where(inArray(productVariants.id, variantIds));
    const restocked = await tx.update(products).set({ soldAt: null, updatedAt: now })
      .where(inArray(products.id, tx.select({ id: productVariants.productId }).from(productVariants).where(inArray(productVariants.id, variantIds))))
      .returning({ code: products.code });
    return restocked.map((row) => row.code);
  });
}

/**
 * Records a withdrawal unless one of its items was withdrawn meanwhile (the order row is locked, so two
 * clicks cannot withdraw the same part twice): null then. The acknowledgement is marked sent separately.
 */
export async function recordWithdrawal(db: Db, fields: Omit<typeof withdrawals.$inferInsert, 'id' | 'acknowledgedAt'>): Promise<WithdrawalRow | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, fields.orderId)).for('update');
    const earlier = await tx.select({ itemIds: withdrawals.itemIds }).from(withdrawals).where(eq(withdrawals.orderId, fields.orderId));
    if (earlier.some((row) => row.itemIds.some((id) => fields.itemIds.includes(id)))) return null;
    const [row] = await tx.insert(withdrawals).values(fields).returning();
    return row!;
  });
}

export async function markWithdrawalAcknowledged(db: Db, id: number, at: Date): Promise<void> {
  await db.update(withdrawals).set({ acknowledgedAt: at }).where(eq(withdrawals.id, id));
}
