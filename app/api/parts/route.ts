import { NextResponse, type NextRequest } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { MAX_LISTING_PAGE } from '@/lib/catalogue/listing-url';
import { DEFAULT_SORT, isSortKey } from '@/lib/catalogue/parts';
import { isKnownFamily, isKnownVehicle, listParts } from '@/lib/catalogue/server';
import { VEHICLE_CODE } from '@/lib/vehicle/selection';

const TAXON_CODE = /^family_[a-z0-9-]{1,60}(_[a-z0-9-]{1,60})?$/;

/**
 * GET /api/parts?taxon=&vehicle=&page=&tri=: a listing page filtered by the visitor's vehicle, for
 * the client island that filters listings (crawlers get the unfiltered server HTML).
 */
export async function GET(request: NextRequest) {
  const query = request.nextUrl.searchParams;
  const taxon = query.get('taxon') ?? '';
  const vehicle = query.get('vehicle') ?? '';
  const page = Number(query.get('page') ?? '1');
  const sort = query.get('tri') ?? DEFAULT_SORT;
  if (
    (taxon && !TAXON_CODE.test(taxon)) ||
    !VEHICLE_CODE.test(vehicle) ||
    !Number.isInteger(page) ||
    page < 1 ||
    page > MAX_LISTING_PAGE ||
    !isSortKey(sort)
  ) {
    const t = await getTranslations('api');
    return NextResponse.json({ message: t('badListingQuery') }, { status: 400 });
  }
  const [familyKnown, vehicleKnown] = await Promise.all([!taxon || isKnownFamily(taxon), isKnownVehicle(vehicle)]);
  if (!familyKnown || !vehicleKnown) {
    const t = await getTranslations('api');
    return NextResponse.json(
      { message: t(vehicleKnown ? 'unknownFamily' : 'unknownVehicle', { code: taxon }) },
      { status: 404 },
    );
  }
  const listing = await listParts({ taxonCode: taxon || undefined, vehicleCode: vehicle, page, sort });
  return NextResponse.json(listing, { headers: { 'Cache-Control': 'public, max-age=60, stale-while-revalidate=300' } });
}
