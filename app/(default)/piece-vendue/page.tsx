import type { Metadata } from 'next';
import { IntentLink } from '@/components/navigation/intent-link';
import { getTranslations } from 'next-intl/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('soldPart');
  return { title: t('title'), robots: { index: false, follow: true } };
}

/**
 * What a long-sold part's URL shows: the proxy rewrites /piece/<code>/… here with status 410 once
 * the sale is older than SOLD_PART_PAGE_DAYS, so crawlers drop the URL and people find a way on.
 */
export default async function SoldPartPage() {
  const t = await getTranslations('soldPart');
  return (
    <section className="mx-auto max-w-2xl py-10 text-center">
      <h1 className="text-3xl font-bold text-brand-900">{t('heading')}</h1>
      <p className="mt-4 text-lg text-slate-700">{t('text')}</p>
      <p className="mt-8 flex flex-wrap justify-center gap-4">
        <IntentLink
          href="/pieces"
          className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          {t('browse')}
        </IntentLink>
        <IntentLink
          href="/"
          className="rounded-lg border border-brand-700 px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50"
        >
          {t('home')}
        </IntentLink>
      </p>
    </section>
  );
}
