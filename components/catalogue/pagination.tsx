import { getTranslations } from 'next-intl/server';
import { listingHref, type ListingState } from '@/lib/catalogue/listing-url';

/** Page numbers to show: first, last, and two around the current page. */
export function visiblePages(page: number, pageCount: number): (number | 'gap')[] {
  const pages = new Set(
    [1, pageCount, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pageCount),
  );
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1]! > 1 ? ['gap' as const, p] : [p]));
}

/**
 * Crawlable pagination links (each page is its own canonical URL). Plain links on purpose: the
 * page number lives in the query, which proxy.ts turns into a cached route; Next's client router
 * would reuse page 1 for a static route whatever its query.
 */
export async function Pagination({
  basePath,
  state,
  pageCount,
}: {
  basePath: string;
  state: ListingState;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  const t = await getTranslations('catalogue');
  const link =
    'rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:border-brand-600 hover:text-brand-700';
  return (
    <nav aria-label={t('pagination')} className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {state.page > 1 && (
        <a href={listingHref(basePath, { ...state, page: state.page - 1 })} className={link} rel="prev">
          {t('previous')}
        </a>
      )}
      {visiblePages(state.page, pageCount).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <a
            key={p}
            href={listingHref(basePath, { ...state, page: p })}
            aria-label={t('pageN', { page: p })}
            aria-current={p === state.page ? 'page' : undefined}
            className={p === state.page ? `${link} border-brand-700 bg-brand-700 text-white hover:text-white` : link}
          >
            {p}
          </a>
        ),
      )}
      {state.page < pageCount && (
        <a href={listingHref(basePath, { ...state, page: state.page + 1 })} className={link} rel="next">
          {t('next')}
        </a>
      )}
    </nav>
  );
}
