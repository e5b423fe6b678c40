import 'server-only';
import { shopGet } from '@/lib/shop-api/server';
import type { Family, VehicleTaxon } from './types';

/** Taxon tree changes rarely; the `taxons` tag lets the shop API's webhook refresh it at once. */
const TAXON_CACHE = { tags: ['taxons'], revalidate: 3600 };
/** Root taxon of vehicle brands in the shop API (design §4: brands are piece_<brand> below it). */
export const VEHICLE_ROOT_TAXON = 'vehicle';

interface TaxonResource {
  code: string;
  name: string;
  children: string[];
}

const childrenOf = (parentCode?: string) =>
  shopGet<TaxonResource[]>('taxons', { searchParams: parentCode ? { parentCode } : undefined, cache: TAXON_CACHE });

/** Part families with their sub-families, in menu order (spec §7 GET /api/families). */
export async function getFamilies(): Promise<Family[]> {
  const families = (await childrenOf()).filter((taxon) => taxon.code.startsWith('family_'));
  return Promise.all(families.map(async (family) => ({
    code: family.code,
    name: family.name,
    children: family.children.length === 0 ? [] : (await childrenOf(family.code)).map(({ code, name }) => ({ code, name })),
  })));
}

/** Vehicle brands for the vehicle selector (spec §7 GET /api/brands). */
export async function getVehicleBrands(): Promise<VehicleTaxon[]> {
  return (await childrenOf(VEHICLE_ROOT_TAXON)).map(({ code, name }) => ({ code, name }));
}
