import 'server-only';
import { unstable_cache } from 'next/cache';
import { CATALOGUE_TAGS } from '@/lib/cache/catalogue-events';
import { MEMORY_ONLY_TAG } from '@/lib/cache/memory-only-tag.mjs';
import { ShopApiError } from '@/lib/shop-api/errors';
import { catalogueGet, type HydraCollection } from '@/lib/shop-api/server';
import {
  PAGE_SIZE,
  SORTS,
  toPartDetail,
  toPartSummary,
  type PartDetail,
  type PartSummary,
  type ProductResource,
  type SortKey,
} from './parts';
import { familySlug } from './slug';
import type { Family, FamilyChild, VehicleTaxon } from './types';

/** The taxon tree changes rarely and no catalogue event concerns it: it expires by time only. */
const TAXON_CACHE = { tags: [], revalidate: 3600 };
/** Root taxon of vehicle brands in the shop API (brands are piece_<brand> below it). */
const VEHICLE_ROOT_TAXON = 'vehicle';

interface TaxonResource {
  code: string;
  name: string;
  children: string[];
}

const childrenOf = (parentCode?: string) =>
  catalogueGet<TaxonResource[]>('taxons', {
    searchParams: parentCode ? { parentCode } : undefined,
    cache: TAXON_CACHE,
  });

async function walkFamilies(): Promise<Family[]> {
  const families = (await childrenOf()).filter((taxon) => taxon.code.startsWith('family_'));
  return Promise.all(
    families.map(async (family) => ({
      code: family.code,
      name: family.name,
      children:
        family.children.length === 0 ? [] : (await childrenOf(family.code)).map(({ code, name }) => ({ code, name })),
    })),
  );
}

/**
 * Part families with their sub-families, in menu order (GET /api/families). Walking the tree takes one
 * cached read per family (the contract's taxons answer one level at a time), about a third of the
 * cart page's render when each header and footer did it: the walked tree is cached whole, one lookup
 * per render, for the taxons' own lifetime.
 */
export const getFamilies: () => Promise<Family[]> = unstable_cache(walkFamilies, ['families'], TAXON_CACHE);

/** Models of a brand or engines of a model (taxons with parentCode). */
export async function getVehicleChildren(parentCode: string): Promise<VehicleTaxon[]> {
  return (await childrenOf(parentCode)).map(({ code, name }) => ({ code, name }));
}

/** Vehicle brands for the vehicle selector (GET /api/brands). */
export async function getVehicleBrands(): Promise<VehicleTaxon[]> {
  return (await childrenOf(VEHICLE_ROOT_TAXON)).map(({ code, name }) => ({ code, name }));
}

/**
 * Whether a brand, model or engine code is in the shop's vehicle tree. It walks down from the brands
 * and asks only for the children of codes it found, so a made-up code costs no shop-API answer kept
 * in the cache (each kept answer stays on disk).
 */
export async function isKnownVehicle(code: string): Promise<boolean> {
  let level = await getVehicleBrands();
  for (;;) {
    // Codes nest: piece_<brand>, piece_<brand>_<model>, piece_<brand>_<model>_<engine>.
    const step = level.find((vehicle) => code === vehicle.code || code.startsWith(`${vehicle.code}_`));
    if (!step) return false;
    if (step.code === code) return true;
    level = await getVehicleChildren(step.code);
  }
}

/** Whether a code is one of the part families or sub-families. */
export async function isKnownFamily(code: string): Promise<boolean> {
  return (await getFamilies()).some(
    (family) => family.code === code || family.children.some((child) => child.code === code),
  );
}

/**
 * Listings change with every catalogue event (a sale, a hold, a new part): /api/revalidate expires
 * `listings` at once (lib/cache/catalogue-events.ts); the timer is only a safety net.
 */
const LISTING_CACHE = { tags: [CATALOGUE_TAGS.listings], revalidate: 300 };
/** Searches: their words are anyone's, so their answers stay in the (bounded) memory cache, never on disk. */
const SEARCH_CACHE = { tags: [...LISTING_CACHE.tags, MEMORY_ONLY_TAG], revalidate: 300 };

export interface PartListing {
  parts: PartSummary[];
  total: number;
  pageCount: number;
}

export interface ListPartsQuery {
  taxonCode?: string;
  vehicleCode?: string;
  search?: string;
  page: number;
  sort: SortKey;
}

export async function listParts({ taxonCode, vehicleCode, search, page, sort }: ListPartsQuery): Promise<PartListing> {
  const order = SORTS[sort];
  const searchParams: Record<string, string | number> = {
    page,
    itemsPerPage: PAGE_SIZE,
    [order.param]: order.direction,
  };
  if (taxonCode) searchParams.taxon = taxonCode;
  if (vehicleCode) searchParams.vehicle = vehicleCode;
  if (search) searchParams.search = search;
  const body = await catalogueGet<HydraCollection<ProductResource>>('products', {
    searchParams,
    ld: true,
    cache: search ? SEARCH_CACHE : LISTING_CACHE,
  });
  const total = body['hydra:totalItems'];
  return {
    parts: body['hydra:member'].map(toPartSummary),
    total,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}

/** What a part code can look like: anything else names no part, and is not sent to the shop API. */
const PART_CODE = /^[A-Za-z0-9_-]{1,64}$/;

export async function getPart(code: string): Promise<PartDetail | null> {
  if (!PART_CODE.test(code)) return null;
  try {
    // Expired by /api/revalidate on every catalogue event naming this part (held, sold, changed…).
    const product = await catalogueGet<ProductResource>(`products/${encodeURIComponent(code)}`, {
      cache: { tags: [CATALOGUE_TAGS.part(code)], revalidate: 300 },
    });
    return toPartDetail(product);
  } catch (error) {
    // A code the shop API refuses as malformed names no part either.
    if (error instanceof ShopApiError && (error.kind === 'not-found' || error.status === 400)) return null;
    throw error;
  }
}

export interface ShippingOption {
  code: string;
  name: string;
  description: string;
  minWeight: number | null;
  maxWeight: number | null;
}

export async function getShippingOptions(): Promise<ShippingOption[]> {
  // No catalogue event concerns delivery methods: they expire by time only.
  return catalogueGet<ShippingOption[]>('shipping-methods', { cache: { tags: [], revalidate: 3600 } });
}

export interface TaxonPlace {
  family: Family | null;
  child: FamilyChild | null;
}

/** Resolves /pieces/<family>/<sub-family> slugs to taxons (the rule of lib/catalogue/slug.ts); null when unknown. */
export async function findFamilyBySlugs(slugs: string[]): Promise<TaxonPlace | null> {
  if (slugs.length === 0) return { family: null, child: null };
  if (slugs.length > 2) return null;
  const family = (await getFamilies()).find((f) => familySlug(f.code) === slugs[0]);
  if (!family) return null;
  if (slugs.length === 1) return { family, child: null };
  const child = family.children.find((c) => familySlug(c.code) === slugs[1]);
  return child ? { family, child } : null;
}
