import type { Metadata } from 'next';
import { safeDecode } from '@/lib/url/decode';
import { IntentLink } from '@/components/navigation/intent-link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { Pagination } from '@/components/catalogue/pagination';
import { PartCard } from '@/components/catalogue/part-card';
import { SortLinks } from '@/components/catalogue/sort-links';
import { VehicleListing } from '@/components/vehicle/vehicle-listing';
import { decodeListingSegment, listingHref, type ListingState } from '@/lib/catalogue/listing-url';
import { DEFAULT_SORT } from '@/lib/catalogue/parts';
import { findFamilyBySlugs, getFamilies, listParts, type TaxonPlace } from '@/lib/catalogue/server';
import { familyPath, familySlug } from '@/lib/catalogue/slug';
import { storefrontConfig } from '@/lib/config/server';
import { findPieceContent } from '@/lib/content/server';
import { MarkdownBody } from '@/components/content/markdown-body';

/** Listings are rebuilt in the background at most every 5 minutes, or at once by the webhook. */
export const revalidate = 300;

type Params = { slug?: string[] };

/** Clean family and sub-family pages are built ahead; paged and sorted ones on first visit. */
export async function generateStaticParams(): Promise<Params[]> {
  const families = await getFamilies();
  return [
    { slug: [] },
    ...families.flatMap((family) => [
      { slug: [familySlug(family.code)] },
      ...family.children.map((child) => ({ slug: [familySlug(family.code), familySlug(child.code)] })),
    ]),
  ];
}

interface Resolved {
  place: TaxonPlace;
  state: ListingState;
  basePath: string;
  /** Page and sort came from the query (rewritten by proxy.ts). */
  fromQuery: boolean;
}

async function resolve(params: Promise<Params>): Promise<Resolved> {
  // A segment that does not decode names no family: 404, like any unknown slug.
  const slug = ((await params).slug ?? []).map((s) => safeDecode(s) ?? '\u0000');
  const decoded = slug.length > 0 ? decodeListingSegment(slug[slug.length - 1]!) : null;
  const taxonSlugs = decoded ? slug.slice(0, -1) : slug;
  const place = await findFamilyBySlugs(taxonSlugs);
  if (!place) notFound();
  const basePath = place.child
    ? familyPath(place.child.code, place.family!.code)
    : place.family
      ? familyPath(place.family.code)
      : '/pieces';
  return { place, state: decoded ?? { page: 1, sort: DEFAULT_SORT }, basePath, fromQuery: decoded !== null };
}

function heading(place: TaxonPlace, t: Awaited<ReturnType<typeof getTranslations<'catalogue'>>>) {
  const taxon = place.child ?? place.family;
  return taxon ? t('familyTitle', { name: taxon.name }) : t('allParts');
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { place, state, basePath } = await resolve(params);
  const t = await getTranslations('catalogue');
  const title = heading(place, t);
  const taxon = place.child ?? place.family;
  const listing = await listParts({ taxonCode: taxon?.code, page: 1, sort: DEFAULT_SORT });
  // Each page of the default order is its own canonical page; other sorts point to the clean page.
  const sorted = state.sort !== DEFAULT_SORT;
  return {
    title: state.page > 1 ? t('pageSuffix', { title, page: state.page }) : title,
    description: taxon ? t('familyDescription', { name: taxon.name, count: listing.total }) : t('allPartsIntro'),
    alternates: { canonical: sorted ? basePath : listingHref(basePath, { ...state, sort: DEFAULT_SORT }) },
    robots: sorted ? { index: false, follow: true } : undefined,
  };
}

/** /pieces, /pieces/<family> and /pieces/<family>/<sub-family>. */
export default async function ListingPage({ params }: { params: Promise<Params> }) {
  const { place, state, basePath } = await resolve(params);
  const t = await getTranslations('catalogue');
  const taxon = place.child ?? place.family;
  const listing = await listParts({ taxonCode: taxon?.code, page: state.page, sort: state.sort });
  if (state.page > listing.pageCount) notFound();
  const families = place.family ? null : await getFamilies();
  const crumbs = [{ name: t('allParts'), path: '/pieces' }];
  if (place.family) crumbs.push({ name: place.family.name, path: familyPath(place.family.code) });
  if (place.child) crumbs.push({ name: place.child.name, path: basePath });

  return (
    <>
      <Breadcrumbs crumbs={crumbs} siteUrl={storefrontConfig().siteUrl} />
      <h1 className="text-3xl font-bold text-brand-900">{heading(place, t)}</h1>
      <p className="mt-2 text-slate-700">{t('count', { count: listing.total })}</p>
      {place.family &&
        !place.child &&
        state.page === 1 &&
        (() => {
          const text = findPieceContent(familySlug(place.family.code));
          return text ? <MarkdownBody html={text.body} className="mt-4 max-w-3xl" /> : null;
        })()}

      {place.family && place.family.children.length > 0 && (
        <nav aria-label={t('subFamilies')} className="mt-6">
          <ul className="flex flex-wrap gap-2">
            <li>
              <IntentLink
                href={familyPath(place.family.code)}
                aria-current={!place.child ? 'page' : undefined}
                className={`inline-block rounded-full border px-4 py-1.5 text-sm ${!place.child ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 hover:border-brand-600'}`}
              >
                {t('allOfFamily', { name: place.family.name })}
              </IntentLink>
            </li>
            {place.family.children.map((child) => {
              const current = child.code === place.child?.code;
              return (
                <li key={child.code}>
                  <IntentLink
                    href={familyPath(child.code, place.family!.code)}
                    aria-current={current ? 'page' : undefined}
                    className={`inline-block rounded-full border px-4 py-1.5 text-sm ${current ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 hover:border-brand-600'}`}
                  >
                    {child.name}
                  </IntentLink>
                </li>
              );
            })}
          </ul>
        </nav>
      )}

      {families && (
        <nav aria-label={t('subFamilies')} className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {families.map((family) => (
              <li key={family.code}>
                <IntentLink
                  href={familyPath(family.code)}
                  className="inline-block rounded-full border border-slate-300 px-4 py-1.5 text-sm hover:border-brand-600"
                >
                  {family.name}
                </IntentLink>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
        <SortLinks basePath={basePath} state={state} />
      </div>

      <VehicleListing taxonCode={taxon?.code ?? null} state={state}>
        {listing.parts.length === 0 ? (
          <p className="mt-10 rounded-lg bg-slate-50 p-6 text-slate-700">{t('empty')}</p>
        ) : (
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {listing.parts.map((part) => (
              <li key={part.code} className="relative">
                <PartCard part={part} />
              </li>
            ))}
          </ul>
        )}
        <Pagination basePath={basePath} state={state} pageCount={listing.pageCount} />
      </VehicleListing>
    </>
  );
}
