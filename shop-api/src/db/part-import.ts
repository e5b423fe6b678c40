/**
 * Writes of the staff's import: one part created, changed, sold or withdrawn, in one transaction
 * announced once committed (`catalogueTransaction`), and nothing written when nothing differs
 * (re-running an import changes nothing and notifies nobody). Its stock goes through db/stock.ts.
 */
import { and, eq, gte, inArray } from 'drizzle-orm';
import { cancelPaymentsHolding } from './payments.js';
import { catalogueTransaction, recordChange, sellParts } from './stock.js';
import type { ImportedPart } from '../domain/part-import.js';
import { codePart, normalizeReference, normalizeText } from '../domain/text.js';
import type { Db } from './client.js';
import { productCompatibilities, productImages, products, productTaxons, productVariants, taxons } from './schema.js';

type ImportOutcome = 'created' | 'updated' | 'unchanged' | 'sold' | 'withdrawn';
export type ImportResult = { outcome: ImportOutcome; note?: string } | { outcome: 'rejected'; errors: string[] };

async function taxonIds(
  db: Db,
  codes: string[],
): Promise<Map<string, { id: number; name: string; parentId: number | null }>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ id: taxons.id, code: taxons.code, name: taxons.name, parentId: taxons.parentId })
    .from(taxons)
    .where(inArray(taxons.code, codes));
  return new Map(rows.map((row) => [row.code, row]));
}

export async function importPart(db: Db, part: ImportedPart, now: Date): Promise<ImportResult> {
  const found = await taxonIds(db, [part.subFamilyCode, ...part.compatibleEngineCodes]);
  const subFamily = found.get(part.subFamilyCode);
  const errors: string[] = [];
  // A sub-family sits under a family, itself under the root: its code starts with family_ and has a parent.
  if (!subFamily || !part.subFamilyCode.startsWith('family_') || subFamily.parentId === null)
    errors.push(`Sous-famille inconnue : ${part.subFamilyCode}.`);
  const unknownEngines = part.compatibleEngineCodes.filter((code) => !found.has(code) || !code.startsWith('piece_'));
  if (unknownEngines.length > 0) errors.push(`Moteur inconnu : ${unknownEngines.join(', ')}.`);
  if (errors.length > 0) return { outcome: 'rejected', errors };

  const engineIds = part.compatibleEngineCodes.map((code) => found.get(code)!.id).sort((a, b) => a - b);
  const donorEngine = part.donorEngineCode ? found.get(part.donorEngineCode)! : null;
  const fields = {
    name: part.name,
    slug: `${codePart(part.name)}-${part.code.toLowerCase()}`,
    description: part.description,
    shortDescription: `${part.name}, état ${part.grade}, garantie ${part.warrantyMonths} mois.`,
    mainTaxonId: subFamily!.id,
    oemReference: part.oemReference,
    oemReferenceNormalized: part.oemReference ? normalizeReference(part.oemReference) : null,
    donorEngineId: donorEngine?.id ?? null,
    donorYear: part.donorYear,
    donorMileageKm: part.donorMileageKm,
    grade: part.grade,
    warrantyMonths: part.warrantyMonths,
    weightGrams: part.weightGrams,
    price: part.priceCents,
    searchText: normalizeText(
      [
        part.name,
        part.oemReference ?? '',
        part.oemReference ? normalizeReference(part.oemReference) : '',
        donorEngine?.name ?? '',
      ].join(' '),
    ),
    enabled: part.status !== 'retiree',
  };

  return catalogueTransaction(db, async (tx) => {
    const [existing] = await tx.select().from(products).where(eq(products.code, part.code)).for('update');
    if (!existing) {
      const [row] = await tx
        .insert(products)
        .values({
          code: part.code,
          ...fields,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: products.id });
      const productId = row!.id;
      const [variant] = await tx
        .insert(productVariants)
        .values({
          code: part.code,
          productId,
          name: part.name,
          price: part.priceCents,
          originalPrice: part.priceCents,
          enabled: fields.enabled,
        })
        .returning({ id: productVariants.id });
      await tx.insert(productTaxons).values({ productId, taxonId: subFamily!.id });
      if (engineIds.length > 0)
        await tx.insert(productCompatibilities).values(engineIds.map((engineId) => ({ productId, engineId })));
      // Until its photos arrive, a part shows the drawn stand-in (served for parts/<code>-1.webp).
      await tx
        .insert(productImages)
        .values({ productId, type: 'main', path: `parts/${part.code}-1.webp`, position: 0 });
      recordChange(tx, 'created', [part.code]);
      // A line may record a part sold before it was ever put on sale.
      if (part.status === 'vendue') await sellParts(tx, [variant!.id], now);
      return { outcome: 'created' };
    }

    const compat = (
      await tx
        .select({ id: productCompatibilities.engineId })
        .from(productCompatibilities)
        .where(eq(productCompatibilities.productId, existing.id))
    )
      .map((row) => row.id)
      .sort((a, b) => a - b);
    const changedFields = (Object.keys(fields) as (keyof typeof fields)[]).filter(
      (key) => existing[key] !== fields[key],
    );
    const compatChanged = compat.join(',') !== engineIds.join(',');
    const sell = part.status === 'vendue' && existing.soldAt === null;
    if (changedFields.length === 0 && !compatChanged && !sell) {
      const note =
        part.status === 'en_vente' && existing.soldAt
          ? `vendue le ${existing.soldAt.toISOString().slice(0, 10)} : elle le reste`
          : undefined;
      return note ? { outcome: 'unchanged', note } : { outcome: 'unchanged' };
    }
    const variantIds = (
      await tx
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(eq(productVariants.productId, existing.id))
    ).map((v) => v.id);
    // A part sold or withdrawn by the staff ends the checkout holding it (its money would be refunded).
    if (sell || !fields.enabled) await cancelPaymentsHolding(tx, variantIds, now);
    await tx
      .update(products)
      .set({ ...fields, updatedAt: now })
      .where(eq(products.id, existing.id));
    await tx
      .update(productVariants)
      .set({
        name: part.name,
        price: part.priceCents,
        originalPrice: part.priceCents,
        enabled: fields.enabled,
      })
      .where(eq(productVariants.productId, existing.id));
    if (fields.mainTaxonId !== existing.mainTaxonId) {
      await tx
        .update(productTaxons)
        .set({ taxonId: fields.mainTaxonId })
        .where(eq(productTaxons.productId, existing.id));
    }
    if (compatChanged) {
      await tx.delete(productCompatibilities).where(eq(productCompatibilities.productId, existing.id));
      if (engineIds.length > 0)
        await tx
          .insert(productCompatibilities)
          .values(engineIds.map((engineId) => ({ productId: existing.id, engineId })));
    }
    if (sell) await sellParts(tx, variantIds, now);
    const withdrawn = existing.enabled && !fields.enabled;
    if (withdrawn) recordChange(tx, 'withdrawn', [part.code]);
    else if (changedFields.length > 0 || compatChanged) recordChange(tx, 'changed', [part.code]);
    if (sell) return { outcome: 'sold' };
    if (withdrawn) return { outcome: 'withdrawn' };
    return { outcome: 'updated' };
  });
}

/** Sets photo `position` (0-based) of part `code` to `path`; false when unchanged. Null when the part does not exist. */
export async function setPartPhoto(db: Db, code: string, position: number, path: string): Promise<boolean | null> {
  return catalogueTransaction(db, async (tx) => {
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.code, code)).for('update');
    if (!product) return null;
    const [current] = await tx
      .select()
      .from(productImages)
      .where(and(eq(productImages.productId, product.id), eq(productImages.position, position)));
    if (current?.path === path) return false;
    if (current) await tx.update(productImages).set({ path }).where(eq(productImages.id, current.id));
    else
      await tx
        .insert(productImages)
        .values({ productId: product.id, type: position === 0 ? 'main' : 'gallery', path, position });
    recordChange(tx, 'changed', [code]);
    return true;
  });
}

/** Keeps only the first `count` photos of a part (a photo taken off the spreadsheet's list goes). */
export async function keepPartPhotos(db: Db, code: string, count: number): Promise<boolean> {
  return catalogueTransaction(db, async (tx) => {
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.code, code));
    if (!product || count < 1) return false;
    const removed = await tx
      .delete(productImages)
      .where(and(eq(productImages.productId, product.id), gte(productImages.position, count)))
      .returning({ id: productImages.id });
    if (removed.length > 0) recordChange(tx, 'changed', [code]);
    return removed.length > 0;
  });
}
