/** Writes that take a part off sale. */
import { and, eq, isNull } from 'drizzle-orm';
import { SOLD_STOCK } from '../domain/part-availability.js';
import type { Db } from './client.js';
import { forgetListingTotals } from './products.js';
import { products, productVariants } from './schema.js';

export interface SaleRecord {
  code: string;
  soldAt: Date;
  /** False when the part was already sold: nothing changed. */
  changed: boolean;
}

/** Marks the part `code` sold at `at` (idempotent); null when no such enabled part exists. */
export async function markPartSold(db: Db, code: string, at: Date): Promise<SaleRecord | null> {
  const sale = await db.transaction(async (tx) => {
    const [updated] = await tx.update(products)
      .set({ soldAt: at, updatedAt: at })
      .where(and(eq(products.code, code), eq(products.enabled, true), isNull(products.soldAt)))
      .returning({ id: products.id });
    if (updated) {
      await tx.update(productVariants).set(SOLD_STOCK).where(eq(productVariants.productId, updated.id));
      return { code, soldAt: at, changed: true };
    }
    const [existing] = await tx.select({ soldAt: products.soldAt }).from(products)
      .where(and(eq(products.code, code), eq(products.enabled, true)));
    return existing?.soldAt ? { code, soldAt: existing.soldAt, changed: false } : null;
  });
  if (sale?.changed) forgetListingTotals(db);
  return sale;
}
