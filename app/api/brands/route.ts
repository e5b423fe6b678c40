import { NextResponse } from 'next/server';
import { getVehicleBrands } from '@/lib/catalogue/server';

/** GET /api/brands (spec §7): vehicle brands (code, name) for the vehicle selector. */
export async function GET() {
  const brands = await getVehicleBrands();
  return NextResponse.json(brands, { headers: { 'Cache-Control': 'public, max-age=300, stale-while-revalidate=3600' } });
}
