/**
 * Loads the seed catalogue into an empty database: channel, countries, shipping methods, taxons
 * and `parts` generated parts, in batches, reporting progress.
 */
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { forgetListingTotals } from '../db/products.js';
import { forgetTaxonTree } from '../db/taxons.js';
import { CHANNEL_CODE } from '../domain/channel.js';
import { normalizeReference } from '../domain/text.js';
import {
  channels,
  countries,
  exportVehicles,
  productCompatibilities,
  productImages,
  products,
  productTaxons,
  productVariants,
  shippingMethods,
  taxons,
} from '../db/schema.js';
import { buildTaxons, generateParts, ROOT_CATEGORY_CODE, type PartSeed } from './generate.js';
import { EXPORT_VEHICLES } from './export-vehicles.js';
import { SHIPPING_METHODS } from './shipping-methods.js';

const COUNTRY_CODES = ['FR', 'BE', 'LU', 'MC', 'CH', 'DE', 'ES', 'IT', 'NL', 'PT'];
const BATCH_SIZE = 500;

export async function catalogueSize(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products);
  return row?.n ?? 0;
}

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(channels);
  return (row?.n ?? 0) > 0;
}

/** Removes the catalogue and its settings (used by `seed --reset`). */
export async function resetCatalogue(db: Db): Promise<void> {
  await db.execute(sql`TRUNCATE product_compatibilities, product_taxons, product_images, product_variants,
    products, taxons, shipping_methods, countries, channels, export_vehicles RESTART IDENTITY CASCADE`);
  forgetTaxonTree(db);
  forgetListingTotals(db);
}

export interface SeedOptions {
  parts: number;
  onProgress?: (done: number, total: number) => void;
}

export async function seedCatalogue(db: Db, { parts, onProgress }: SeedOptions): Promise<void> {
  await db.insert(channels).values({
    code: CHANNEL_CODE,
    name: 'Boutique en ligne',
    baseCurrencyCode: 'EUR',
    defaultLocaleCode: 'fr_FR',
    menuTaxonCode: ROOT_CATEGORY_CODE,
  });
  await db.insert(countries).values(COUNTRY_CODES.map((code) => ({ code })));
  await db.insert(shippingMethods).values(SHIPPING_METHODS);
  // Newest first in the list: the first of the table was offered last.
  const offered = Date.now();
  await db
    .insert(exportVehicles)
    .values(
      EXPORT_VEHICLES.map((vehicle, index) => ({ ...vehicle, createdAt: new Date(offered - index * 86_400_000) })),
    );

  const taxonIds = new Map<string, number>();
  for (const taxon of buildTaxons()) {
    const parentId = taxon.parentCode ? taxonIds.get(taxon.parentCode) : null;
    const [row] = await db
      .insert(taxons)
      .values({
        code: taxon.code,
        name: taxon.name,
        slug: taxon.slug,
        description: taxon.description,
        parentId: parentId ?? null,
        position: taxon.position,
      })
      .returning({ id: taxons.id });
    taxonIds.set(taxon.code, row!.id);
  }

  let batch: PartSeed[] = [];
  let done = 0;
  onProgress?.(0, parts);
  for (const part of generateParts(parts)) {
    batch.push(part);
    if (batch.length === BATCH_SIZE) {
      await insertParts(db, batch, taxonIds);
      done += batch.length;
      batch = [];
      onProgress?.(done, parts);
    }
  }
  if (batch.length > 0) {
    await insertParts(db, batch, taxonIds);
    done += batch.length;
    onProgress?.(done, parts);
  }
  // Fresh statistics and visibility map: the planner picks the listing indexes, counts scan index only.
  await db.execute(sql`VACUUM ANALYZE`);
  forgetTaxonTree(db);
  forgetListingTotals(db);
}

async function insertParts(db: Db, batch: PartSeed[], taxonIds: Map<string, number>): Promise<void> {
  const id = (code: string) => {
    const value = taxonIds.get(code);
    if (value === undefined) throw new Error(`Unknown taxon ${code}`);
    return value;
  };
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(products)
      .values(
        batch.map((part) => ({
          code: part.code,
          name: part.name,
          slug: part.slug,
          description: part.description,
          shortDescription: part.shortDescription,
          mainTaxonId: id(part.mainTaxonCode),
          oemReference: part.oemReference,
          oemReferenceNormalized: normalizeReference(part.oemReference),
          donorEngineId: id(part.donorEngineCode),
          donorYear: part.donorYear,
          donorMileageKm: part.donorMileageKm,
          grade: part.grade,
          warrantyMonths: part.warrantyMonths,
          weightGrams: part.weightGrams,
          searchText: part.searchText,
          price: part.priceCents,
          createdAt: part.createdAt,
          updatedAt: part.createdAt,
        })),
      )
      .returning({ id: products.id });
    const productIds = rows.map((row) => row.id);
    await tx.insert(productVariants).values(
      batch.map((part, i) => ({
        code: part.code,
        productId: productIds[i]!,
        name: part.name,
        price: part.priceCents,
        originalPrice: part.priceCents,
      })),
    );
    await tx.insert(productImages).values(
      batch.flatMap((part, i) =>
        Array.from({ length: part.imageCount }, (_, n) => ({
          productId: productIds[i]!,
          type: n === 0 ? 'main' : 'gallery',
          path: `parts/${part.code}-${n + 1}.webp`,
          position: n,
        })),
      ),
    );
    await tx
      .insert(productTaxons)
      .values(batch.map((part, i) => ({ productId: productIds[i]!, taxonId: id(part.mainTaxonCode) })));
    await tx
      .insert(productCompatibilities)
      .values(
        batch.flatMap((part, i) =>
          part.compatibleEngineCodes.map((code) => ({ productId: productIds[i]!, engineId: id(code) })),
        ),
      );
  });
}
