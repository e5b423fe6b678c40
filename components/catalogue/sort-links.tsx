import { getTranslations } from 'next-intl/server';
import { listingHref, type ListingState } from '@/lib/catalogue/listing-url';
import { SORTS, type SortKey } from '@/lib/catalogue/parts';

/** Sort choices as plain links (see Pagination for why not next/link); crawlers are told not to follow them. */
export async function SortLinks({ basePath, state }: { basePath: string; state: ListingState }) {
  const t = await getTranslations('catalogue');
  return (
    <nav aria-label={t('sortLabel')} className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-slate-700">{t('sortLabel')} :</span>
      {(Object.keys(SORTS) as SortKey[]).map((sort) => (
        <a
          key={sort}
          href={listingHref(basePath, { page: 1, sort })}
          rel="nofollow"
          aria-current={sort === state.sort ? 'true' : undefined}
          className={`rounded-full border px-3 py-1 ${sort === state.sort ? 'border-brand-700 bg-brand-50 font-semibold text-brand-800' : 'border-slate-300 text-slate-700 hover:border-brand-600'}`}
        >
          {t(`sorts.${sort}`)}
        </a>
      ))}
    </nav>
  );
}
