/** Writes that take a part off sale. */
import { and, eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { cancelPaymentsHolding, type PaymentRow } from './payments.js';
import { orders, payments, products, productVariants } from './schema.js';
import { catalogueTransaction, sellParts } from './stock.js';

export interface SaleRecord {
  code: string;
  soldAt: Date;
  /** False when the part was already sold: nothing changed. */
  changed: boolean;
}

/**
 * Marks the part `code` sold at `at` (idempotent); null when no such enabled part exists. A shopper's
 * checkout holding it is cancelled (its confirmation would then be refunded, never placed); `cancelled`
 * lists those payments, whose providers' checkouts the caller closes.
 */
export async function markPartSold(
  db: Db,
  code: string,
  at: Date,
): Promise<(SaleRecord & { cancelled: PaymentRow[] }) | null> {
  return catalogueTransaction(db, async (tx) => {
    const [part] = await tx
      .select({ variantId: productVariants.id, soldAt: products.soldAt })
      .from(products)
      .innerJoin(productVariants, eq(productVariants.productId, products.id))
      .where(and(eq(products.code, code), eq(products.enabled, true)));
    if (!part) return null;
    if (part.soldAt) return { code, soldAt: part.soldAt, changed: false, cancelled: [] };
    // Orders before parts, as every other writer locks them: no deadlock with a confirmation.
    const holders = await tx
      .select({ orderId: payments.orderId })
      .from(payments)
      .innerJoin(productVariants, eq(productVariants.heldByPaymentId, payments.id))
      .where(eq(productVariants.id, part.variantId));
    for (const { orderId } of holders)
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    const cancelled = await cancelPaymentsHolding(tx, [part.variantId], at);
    const sold = await sellParts(tx, [part.variantId], at);
    return { code, soldAt: at, changed: sold.length > 0, cancelled };
  });
}
