/**
 * Stock of unique parts, in one place: hold, release, sell, restock. A part is held by one payment
 * (`held_by_payment_id`), never by a count: a hold ends with its payment whatever became of the
 * order, and PostgreSQL's row locks make two checkouts of one part take turns, so only one holds it.
 * Every function runs inside the caller's transaction.
 */
import { and, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { payments, products, productVariants } from './schema.js';

/** Holds the parts for `paymentId`; returns the variant ids it could hold (not sold, not held by another). */
export async function holdParts(tx: Db, paymentId: number, variantIds: number[]): Promise<number[]> {
  if (variantIds.length === 0) return [];
  const held = await tx
    .update(productVariants)
    .set({ heldByPaymentId: paymentId })
    .where(
      and(
        inArray(productVariants.id, variantIds),
        isNull(productVariants.heldByPaymentId),
        sql`${productVariants.onHand} > 0`,
      ),
    )
    .returning({ id: productVariants.id });
  return held.map((row) => row.id);
}

/** Ends every hold of these payments; returns the codes of the parts back on sale. */
export async function releaseHolds(tx: Db, paymentIds: number[]): Promise<string[]> {
  if (paymentIds.length === 0) return [];
  const released = await tx
    .update(productVariants)
    .set({ heldByPaymentId: null })
    .where(inArray(productVariants.heldByPaymentId, paymentIds))
    .returning({ code: productVariants.code });
  return released.map((row) => row.code);
}

/** Sells the parts at `at` (nothing on hand, no hold); returns the codes of the parts this sale took off sale. */
export async function sellParts(tx: Db, variantIds: number[], at: Date): Promise<string[]> {
  if (variantIds.length === 0) return [];
  await tx.update(productVariants).set(SOLD_STOCK).where(inArray(productVariants.id, variantIds));
  const sold = await tx
    .update(products)
    .set({ soldAt: at, updatedAt: at })
    .where(
      and(
        isNull(products.soldAt),
        inArray(
          products.id,
          tx
            .select({ id: productVariants.productId })
            .from(productVariants)
            .where(inArray(productVariants.id, variantIds)),
        ),
      ),
    )
    .returning({ code: products.code });
  return sold.map((row) => row.code);
}

/** Puts the parts back on sale (a cancelled order); returns their codes. */
export async function restockParts(tx: Db, variantIds: number[], at: Date): Promise<string[]> {
  if (variantIds.length === 0) return [];
  await tx
    .update(productVariants)
    .set({ onHand: 1, heldByPaymentId: null })
    .where(inArray(productVariants.id, variantIds));
  const restocked = await tx
    .update(products)
    .set({ soldAt: null, updatedAt: at })
    .where(
      inArray(
        products.id,
        tx
          .select({ id: productVariants.productId })
          .from(productVariants)
          .where(inArray(productVariants.id, variantIds)),
      ),
    )
    .returning({ code: products.code });
  return restocked.map((row) => row.code);
}

/** Holds whose payment is no longer open (a path that forgot to release, a crash between two writes): released. */
export async function releaseOrphanHolds(tx: Db): Promise<string[]> {
  const open = tx.select({ id: payments.id }).from(payments).where(eq(payments.state, 'new'));
  const released = await tx
    .update(productVariants)
    .set({ heldByPaymentId: null })
    .where(and(isNotNull(productVariants.heldByPaymentId), notInArray(productVariants.heldByPaymentId, open)))
    .returning({ code: productVariants.code });
  return released.map((row) => row.code);
}

/** Stock of a sold part: nothing on hand, no hold. */
export const SOLD_STOCK = { onHand: 0, heldByPaymentId: null } as const;
