import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { IntentLink } from '@/components/navigation/intent-link';
import { PartCard } from '@/components/catalogue/part-card';
import { DEFAULT_SORT } from '@/lib/catalogue/parts';
import { listParts } from '@/lib/catalogue/server';
import { parseSearchSegment, searchHref } from '@/lib/catalogue/search-url';

/** Results are kept at most 5 minutes, or until a catalogue event expires the listings. */
export const revalidate = 300;

/** No search is built ahead: each is rendered on its first visit, then served from the memory cache. */
export async function generateStaticParams(): Promise<{ terms: string }[]> {
  return [];
}

type Params = Promise<{ terms: string }>;

async function load(params: Params) {
  const search = parseSearchSegment((await params).terms);
  if (!search) notFound();
  return search;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { query } = await load(params);
  const t = await getTranslations('search');
  // Result pages are endless combinations: never indexed (the catalogue pages are).
  return { title: t('titleFor', { query }), robots: { index: false, follow: true } };
}

/** Search results by words or OEM reference (accents, case and spacing ignored by the shop API). */
export default async function SearchResultsPage({ params }: { params: Params }) {
  const { query, page } = await load(params);
  const [t, tCatalogue, listing] = await Promise.all([
    getTranslations('search'),
    getTranslations('catalogue'),
    listParts({ search: query, page, sort: DEFAULT_SORT }),
  ]);
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{t('titleFor', { query })}</h1>
      <p className="mt-2 text-slate-700" role="status">
        {tCatalogue('count', { count: listing.total })}
      </p>
      {listing.parts.length === 0 ? (
        <p className="mt-6 rounded-lg bg-slate-50 p-6 text-slate-700">{t('noResult')}</p>
      ) : (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {listing.parts.map((part) => (
            <li key={part.code} className="relative">
              <PartCard part={part} />
            </li>
          ))}
        </ul>
      )}
      {listing.pageCount > 1 && (
        <nav aria-label={tCatalogue('pagination')} className="mt-8 flex items-center justify-center gap-3">
          {page > 1 && (
            <IntentLink
              href={searchHref({ query, page: page - 1 })}
              className="rounded-md border border-slate-300 px-3 py-2 text-sm"
            >
              {tCatalogue('previous')}
            </IntentLink>
          )}
          <span className="text-sm text-slate-700">{tCatalogue('pageN', { page })}</span>
          {page < listing.pageCount && (
            <IntentLink
              href={searchHref({ query, page: page + 1 })}
              className="rounded-md border border-slate-300 px-3 py-2 text-sm"
            >
              {tCatalogue('next')}
            </IntentLink>
          )}
        </nav>
      )}
    </>
  );
}
