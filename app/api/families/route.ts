import { NextResponse, type NextRequest } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { getFamilies } from '@/lib/catalogue/server';

/**
 * GET /api/families: part families with code, name and children. With `taxon`, only the
 * family of that code (the current route's family); unknown → 404.
 */
export async function GET(request: NextRequest) {
  const taxon = request.nextUrl.searchParams.get('taxon');
  const families = await getFamilies();
  const body = taxon ? families.filter((family) => family.code === taxon) : families;
  if (taxon && body.length === 0) {
    const t = await getTranslations('api');
    return NextResponse.json({ message: t('unknownFamily', { code: taxon.slice(0, 100) }) }, { status: 404 });
  }
  return NextResponse.json(body, { headers: { 'Cache-Control': 'public, max-age=300, stale-while-revalidate=3600' } });
}
