import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('search');
  return { title: t('title'), robots: { index: false, follow: true } };
}

/**
 * The search page without words, static. A search with words is rewritten by proxy.ts to
 * recherche/[terms], a cached page per search (lib/catalogue/search-url.ts).
 */
export default async function SearchPage() {
  const t = await getTranslations('search');
  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{t('title')}</h1>
      <p className="mt-4 text-slate-700">{t('empty')}</p>
    </>
  );
}
