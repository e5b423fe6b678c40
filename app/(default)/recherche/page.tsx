import type { Metadata } from 'next';
import { IntentLink } from '@/components/navigation/intent-link';
import { getTranslations } from 'next-intl/server';
import { PartCard } from '@/components/catalogue/part-card';
import { DEFAULT_SORT } from '@/lib/catalogue/parts';
import { listParts } from '@/lib/catalogue/server';
import { MAX_LISTING_PAGE } from '@/lib/catalogue/listing-url';

type SearchParams = Promise<{ q?: string | string[]; page?: string | string[] }>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

async function readQuery(searchParams: SearchParams) {
  const params = await searchParams;
  // Control characters and broken unicode mean nothing in a search: they go before the shop API sees them.
  const query = first(params.q)
    .toWellFormed()
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .slice(0, 100);
  const page = Number(first(params.page) || '1');
  return { query, page: Number.isInteger(page) && page >= 1 && page <= MAX_LISTING_PAGE ? page : 1 };
}

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const { query } = await readQuery(searchParams);
  const t = await getTranslations('search');
  // Result pages are endless combinations: never indexed (the catalogue pages are).
  return { title: query ? t('titleFor', { query }) : t('title'), robots: { index: false, follow: true } };
}

/** Search results by words or OEM reference (accents, case and spacing ignored by the shop API). */
export default async function SearchPage({ searchParams }: { searchParams: SearchParams }) {
  const { query, page } = await readQuery(searchParams);
  const [t, tCatalogue] = await Promise.all([getTranslations('search'), getTranslations('catalogue')]);
  const listing = query ? await listParts({ search: query, page, sort: DEFAULT_SORT }) : null;
  const href = (p: number) => `/recherche?${new URLSearchParams({ q: query, ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{query ? t('titleFor', { query }) : t('title')}</h1>
      {!query && <p className="mt-4 text-slate-700">{t('empty')}</p>}
      {listing && (
        <>
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
                <IntentLink href={href(page - 1)} className="rounded-md border border-slate-300 px-3 py-2 text-sm">
                  {tCatalogue('previous')}
                </IntentLink>
              )}
              <span className="text-sm text-slate-700">{tCatalogue('pageN', { page })}</span>
              {page < listing.pageCount && (
                <IntentLink href={href(page + 1)} className="rounded-md border border-slate-300 px-3 py-2 text-sm">
                  {tCatalogue('next')}
                </IntentLink>
              )}
            </nav>
          )}
        </>
      )}
    </>
  );
}
