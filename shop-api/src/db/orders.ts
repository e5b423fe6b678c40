/** Orders and their items. Writes that touch totals recompute them from the items, in one transaction. */
import { and, asc, eq } from 'drizzle-orm';
import { cartTotals } from '../domain/cart.js';
import type { Db } from './client.js';
import { orderItems, orders, productVariants, products } from './schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

export async function createOrder(db: Db, fields: { tokenValue: string; customerId: number | null; localeCode: string }): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(fields).returning();
  return row!;
}

export async function findOrder(db: Db, tokenValue: string): Promise<{ order: OrderRow; items: OrderItemRow[] } | null> {
  const [order] = await db.select().from(orders).where(eq(orders.tokenValue, tokenValue));
  if (!order) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  return { order, items };
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
