import { NextResponse } from 'next/server';
import { getVehicleBrands } from '@/lib/catalogue/server';
import { brandSlug } from '@/lib/catalogue/slug';
import { findBrand } from '@/lib/content/server';

/**
 * GET /api/brands: vehicle brands (code, name) for the vehicle selector, with the logo of
 * their content brand record (the identified vehicle shows it).
 */
export async function GET() {
  const brands = (await getVehicleBrands()).map((brand) => ({
    ...brand,
    logo: findBrand(brandSlug(brand.code))?.logo ?? null,
  }));
  return NextResponse.json(brands, {
    headers: { 'Cache-Control': 'public, max-age=300, stale-while-revalidate=3600' },
  });
}
