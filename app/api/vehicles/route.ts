import { NextResponse, type NextRequest } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { getVehicleChildren, isKnownVehicle } from '@/lib/catalogue/server';
import { VEHICLE_CODE } from '@/lib/vehicle/selection';

/**
 * GET /api/vehicles?parent=<code>: models of a brand or engines of a model (taxons with
 * parentCode), for the vehicle selector.
 */
export async function GET(request: NextRequest) {
  const parent = request.nextUrl.searchParams.get('parent') ?? '';
  if (!VEHICLE_CODE.test(parent)) {
    const t = await getTranslations('api');
    return NextResponse.json({ message: t('badVehicleCode') }, { status: 400 });
  }
  if (!(await isKnownVehicle(parent))) {
    const t = await getTranslations('api');
    return NextResponse.json({ message: t('unknownVehicle') }, { status: 404 });
  }
  const children = await getVehicleChildren(parent);
  return NextResponse.json(children, {
    headers: { 'Cache-Control': 'public, max-age=300, stale-while-revalidate=3600' },
  });
}
