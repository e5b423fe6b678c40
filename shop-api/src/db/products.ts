/** Product reads for the catalogue: filtered, sorted, paginated listings and single parts. */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { inStock } from '../domain/part-availability.js';
import { normalizeReference, normalizeText } from '../domain/text.js';
import type { Db } from './client.js';
import { productCompatibilities, productImages, products, productTaxons, productVariants, taxons } from './schema.js';

export interface VehicleRef {
  code: string;
  name: string;
  modelCode: string;
  modelName: string;
  brandCode: string;
  brandName: string;
}

export interface ProductRecord {
  id: number;
  code: string;
  name: string;
  slug: string;
  description: string;
  shortDescription: string;
  mainTaxonCode: string;
  oemReference: string | null;
  donorYear: number | null;
  donorMileageKm: number | null;
  grade: string;
  warrantyMonths: number;
  weightGrams: number;
  createdAt: Date;
  updatedAt: Date;
  soldAt: Date | null;
  variant: { code: string; name: string; price: number; originalPrice: number; inStock: boolean } | null;
  images: { id: number; type: string; path: string }[];
  productTaxonIds: number[];
  donorEngine: VehicleRef | null;
  compatibleEngines: VehicleRef[];
}

export type SortField = 'price' | 'createdAt' | 'code' | 'name';

export interface ProductFilters {
  /** Taxon ids a product must be classified under (any of them); undefined: no filter. */
  taxonIds?: number[];
  /** Engine taxon ids a product must fit (any of them); undefined: no filter. */
  engineIds?: number[];
  /** Free text: every word in the name, or the OEM reference. */
  search?: string;
  /** Partial name match (Sylius `translations.name`). */
  name?: string;
  order: { field: SortField; direction: 'asc' | 'desc' }[];
}

const engineT = alias(taxons, 'engine_t');
const modelT = alias(taxons, 'model_t');
const brandT = alias(taxons, 'brand_t');
const mainT = alias(taxons, 'main_t');

/** Parts a listing may show: enabled and not sold (the condition of the partial listing indexes). */
const listed = sql`${products.enabled} AND ${products.soldAt} IS NULL`;

function whereOf(filters: ProductFilters): SQL {
  const conditions: SQL[] = [listed];
  if (filters.taxonIds) {
    // A part is classified under its main taxon (a sub-family; product_taxons mirrors it), so the
    // taxon filter reads the main taxon through the listing indexes.
    conditions.push(filters.taxonIds.length === 0 ? sql`false` : inArray(products.mainTaxonId, filters.taxonIds));
  }
  if (filters.engineIds) {
    conditions.push(
      filters.engineIds.length === 0
        ? sql`false`
        : sql`${products.id} IN (SELECT ${productCompatibilities.productId} FROM ${productCompatibilities} WHERE ${inArray(productCompatibilities.engineId, filters.engineIds)})`,
    );
  }
  if (filters.search) {
    const words = normalizeText(filters.search).split(' ').filter(Boolean);
    const reference = normalizeReference(filters.search);
    const byWords =
      words.length > 0
        ? and(...words.map((word) => sql`${products.searchText} LIKE ${`%${escapeLike(word)}%`}`))!
        : sql`false`;
    const byReference =
      reference.length >= 3 ? sql`${products.oemReferenceNormalized} LIKE ${`${escapeLike(reference)}%`}` : sql`false`;
    conditions.push(sql`(${byWords} OR ${byReference})`);
  }
  if (filters.name) {
    conditions.push(sql`${products.name} ILIKE ${`%${escapeLike(filters.name)}%`}`);
  }
  return and(...conditions)!;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function orderOf(filters: ProductFilters): SQL[] {
  const columns = {
    price: products.price,
    createdAt: products.createdAt,
    code: products.code,
    name: products.name,
  } as const;
  const order = filters.order.map(({ field, direction }) =>
    direction === 'asc' ? asc(columns[field]) : desc(columns[field]),
  );
  // Stable paging: newest first by default, id as the final tie-breaker in the last key's direction
  // so that one index serves the whole ORDER BY.
  if (order.length === 0) order.push(desc(products.createdAt));
  const last = filters.order.at(-1);
  order.push(last?.direction === 'asc' ? asc(products.id) : desc(products.id));
  return order;
}

/**
 * Totals of listings, kept 30 s per filter: counting a family of 40 000 parts costs more than the
 * page itself, and every page and sort of one listing shares its total. Writes through this process
 * drop them at once (`forgetListingTotals`); other instances catch up within the TTL.
 */
const TOTAL_TTL_MS = 30_000;
const MAX_TOTALS = 5000;
const totals = new WeakMap<Db, Map<string, { total: number; at: number }>>();

export function forgetListingTotals(db: Db): void {
  totals.delete(db);
}

async function countListed(db: Db, filters: ProductFilters, where: SQL): Promise<number> {
  const key = JSON.stringify([filters.taxonIds, filters.engineIds, filters.search, filters.name]);
  let cache = totals.get(db);
  const hit = cache?.get(key);
  if (hit && Date.now() - hit.at < TOTAL_TTL_MS) return hit.total;
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(products)
    .where(where);
  const total = Number(row?.total ?? 0);
  if (!cache || cache.size >= MAX_TOTALS) totals.set(db, (cache = new Map()));
  cache.set(key, { total, at: Date.now() });
  return total;
}

export async function listProducts(
  db: Db,
  filters: ProductFilters,
  page: number,
  itemsPerPage: number,
): Promise<{ items: ProductRecord[]; total: number }> {
  const where = whereOf(filters);
  const [idRows, total] = await Promise.all([
    db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...orderOf(filters))
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage),
    countListed(db, filters, where),
  ]);
  const records = await loadProducts(
    db,
    idRows.map((row) => row.id),
  );
  return { items: records, total };
}

export async function findProductByCode(db: Db, code: string): Promise<ProductRecord | null> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.code, code), eq(products.enabled, true)));
  if (!row) return null;
  return (await loadProducts(db, [row.id]))[0] ?? null;
}

const vehicleColumns = {
  code: engineT.code,
  name: engineT.name,
  modelCode: modelT.code,
  modelName: modelT.name,
  brandCode: brandT.code,
  brandName: brandT.name,
};

/** Loads full records for `ids`, in the order given, with a fixed number of queries. */
async function loadProducts(db: Db, ids: number[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  const [rows, variants, images, links, compatibilities] = await Promise.all([
    db
      .select({ product: products, mainTaxonCode: mainT.code, donor: vehicleColumns })
      .from(products)
      .innerJoin(mainT, eq(mainT.id, products.mainTaxonId))
      .leftJoin(engineT, eq(engineT.id, products.donorEngineId))
      .leftJoin(modelT, eq(modelT.id, engineT.parentId))
      .leftJoin(brandT, eq(brandT.id, modelT.parentId))
      .where(inArray(products.id, ids)),
    db
      .select()
      .from(productVariants)
      .where(and(inArray(productVariants.productId, ids), eq(productVariants.enabled, true)))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    db
      .select()
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    db
      .select({ id: productTaxons.id, productId: productTaxons.productId })
      .from(productTaxons)
      .where(inArray(productTaxons.productId, ids))
      .orderBy(asc(productTaxons.id)),
    db
      .select({ productId: productCompatibilities.productId, engine: vehicleColumns })
      .from(productCompatibilities)
      .innerJoin(engineT, eq(engineT.id, productCompatibilities.engineId))
      .innerJoin(modelT, eq(modelT.id, engineT.parentId))
      .innerJoin(brandT, eq(brandT.id, modelT.parentId))
      .where(inArray(productCompatibilities.productId, ids))
      .orderBy(asc(brandT.position), asc(modelT.position), asc(engineT.position)),
  ]);
  const byId = new Map(rows.map((row) => [row.product.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { product } = row;
    const variant = variants.find((v) => v.productId === id);
    return [
      {
        id,
        code: product.code,
        name: product.name,
        slug: product.slug,
        description: product.description,
        shortDescription: product.shortDescription,
        mainTaxonCode: row.mainTaxonCode,
        oemReference: product.oemReference,
        donorYear: product.donorYear,
        donorMileageKm: product.donorMileageKm,
        grade: product.grade,
        warrantyMonths: product.warrantyMonths,
        weightGrams: product.weightGrams,
        createdAt: product.createdAt,
        updatedAt: product.updatedAt,
        soldAt: product.soldAt,
        variant: variant
          ? {
              code: variant.code,
              name: variant.name,
              price: variant.price,
              originalPrice: variant.originalPrice,
              inStock: inStock(variant),
            }
          : null,
        images: images
          .filter((image) => image.productId === id)
          .map(({ id: imageId, type, path }) => ({ id: imageId, type, path })),
        productTaxonIds: links.filter((link) => link.productId === id).map((link) => link.id),
        donorEngine: row.donor.code ? (row.donor as VehicleRef) : null,
        compatibleEngines: compatibilities.filter((c) => c.productId === id).map((c) => c.engine),
      },
    ];
  });
}

export async function findVariantByCode(db: Db, code: string) {
  const [row] = await db
    .select({ variant: productVariants, productCode: products.code, weightGrams: products.weightGrams })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.code, code), eq(productVariants.enabled, true), eq(products.enabled, true)));
  return row ?? null;
}

export async function findImage(db: Db, id: number) {
  const [row] = await db
    .select({ image: productImages, productCode: products.code })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(and(eq(productImages.id, id), eq(products.enabled, true)));
  return row ?? null;
}

/** What the image generator needs to draw a part's photo placeholder. */
export async function findImageSubject(db: Db, productCode: string) {
  const [row] = await db
    .select({ name: products.name, taxonName: mainT.name, code: products.code })
    .from(products)
    .innerJoin(mainT, eq(mainT.id, products.mainTaxonId))
    .where(eq(products.code, productCode));
  return row ?? null;
}

export async function findProductTaxon(db: Db, id: number) {
  const [row] = await db
    .select({ link: productTaxons, productCode: products.code, taxonCode: taxons.code })
    .from(productTaxons)
    .innerJoin(products, eq(products.id, productTaxons.productId))
    .innerJoin(taxons, eq(taxons.id, productTaxons.taxonId))
    .where(and(eq(productTaxons.id, id), eq(products.enabled, true)));
  return row ?? null;
}

/** Codes, slugs and update dates of parts for sale, by id, for sitemaps (one light query per page). */
export async function listProductIndex(db: Db, page: number, pageSize: number) {
  const where = listed;
  const rows = await db
    .select({ code: products.code, slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(where)
    .orderBy(asc(products.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(products)
    .where(where)) as [{ total: number }];
  return { rows, total: Number(total) };
}
