/**
 * Stock of unique parts, in one place: hold, release, sell, restock. A part is held by one payment
 * (`held_by_payment_id`), never by a count: a hold ends with its payment whatever became of the
 * order, and PostgreSQL's row locks make two checkouts of one part take turns, so only one holds it.
 *
 * Every function runs inside a `catalogueTransaction` and records the event of what it changed; the
 * events are announced once the transaction committed, never when it rolled back (decision 0011).
 */
import { and, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { CatalogueEvent } from '../domain/catalogue-events.js';
import { announceCatalogueChange, type CatalogueChange } from '../notify/catalogue-events.js';
import { availabilityOf, type PartAvailability } from '../domain/part-availability.js';
import type { Db } from './client.js';
import { payments, products, productVariants } from './schema.js';

const recorded = Symbol('catalogue changes of this transaction');

/** A transaction that records the catalogue changes made in it (only `catalogueTransaction` makes one). */
export type CatalogueTx = Db & { readonly [recorded]: CatalogueChange[] };

/**
 * Runs `work` in one transaction and announces the changes it recorded once it committed. A change to
 * parts goes through here: stock writes need a `CatalogueTx`, so none can skip the announcement.
 */
export async function catalogueTransaction<T>(db: Db, work: (tx: CatalogueTx) => Promise<T>): Promise<T> {
  const changes: CatalogueChange[] = [];
  const result = await db.transaction((raw) =>
    work(Object.assign(raw as unknown as Db, { [recorded]: changes }) as CatalogueTx),
  );
  for (const change of changes) announceCatalogueChange(db, change);
  return result;
}

/** Records a change to parts, announced after the commit (stock functions record their own). */
export function recordChange(tx: CatalogueTx, event: CatalogueEvent, codes: string[]): void {
  if (codes.length > 0) tx[recorded].push({ event, codes });
}

/** Holds the parts for `paymentId`; returns the variant ids it could hold (not sold, not held by another). */
export async function holdParts(tx: CatalogueTx, paymentId: number, variantIds: number[]): Promise<number[]> {
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
    .returning({ id: productVariants.id, code: productVariants.code });
  recordChange(
    tx,
    'held',
    held.map((row) => row.code),
  );
  return held.map((row) => row.id);
}

/** Where these parts stand now (after a hold that missed some: sold, or held by another payment). */
export async function stockOf(
  tx: CatalogueTx,
  variantIds: number[],
): Promise<{ code: string; availability: PartAvailability }[]> {
  if (variantIds.length === 0) return [];
  const rows = await tx
    .select({
      code: productVariants.code,
      onHand: productVariants.onHand,
      heldByPaymentId: productVariants.heldByPaymentId,
      soldAt: products.soldAt,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, variantIds));
  return rows.map((row) => ({ code: row.code, availability: availabilityOf(row) }));
}

/** Ends every hold of these payments; returns the codes of the parts back on sale. */
export async function releaseHolds(tx: CatalogueTx, paymentIds: number[]): Promise<string[]> {
  if (paymentIds.length === 0) return [];
  const released = await tx
    .update(productVariants)
    .set({ heldByPaymentId: null })
    .where(inArray(productVariants.heldByPaymentId, paymentIds))
    .returning({ code: productVariants.code });
  const codes = released.map((row) => row.code);
  recordChange(tx, 'released', codes);
  return codes;
}

/** Sells the parts at `at` (nothing on hand, no hold); returns the codes of the parts this sale took off sale. */
export async function sellParts(tx: CatalogueTx, variantIds: number[], at: Date): Promise<string[]> {
  if (variantIds.length === 0) return [];
  await tx
    .update(productVariants)
    .set({ onHand: 0, heldByPaymentId: null })
    .where(inArray(productVariants.id, variantIds));
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
  const codes = sold.map((row) => row.code);
  recordChange(tx, 'sold', codes);
  return codes;
}

/** Puts the parts back on sale (a cancelled order); returns their codes. */
export async function restockParts(tx: CatalogueTx, variantIds: number[], at: Date): Promise<string[]> {
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
  const codes = restocked.map((row) => row.code);
  recordChange(tx, 'restocked', codes);
  return codes;
}

/** Holds whose payment is no longer open (a path that forgot to release, a crash between two writes): released. */
export async function releaseOrphanHolds(tx: CatalogueTx): Promise<string[]> {
  const open = tx.select({ id: payments.id }).from(payments).where(eq(payments.state, 'new'));
  const released = await tx
    .update(productVariants)
    .set({ heldByPaymentId: null })
    .where(and(isNotNull(productVariants.heldByPaymentId), notInArray(productVariants.heldByPaymentId, open)))
    .returning({ code: productVariants.code });
  const codes = released.map((row) => row.code);
  recordChange(tx, 'released', codes);
  return codes;
}
