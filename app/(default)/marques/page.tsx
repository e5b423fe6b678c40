import type { Metadata } from 'next';
import Image from 'next/image';
import { IntentLink } from '@/components/navigation/intent-link';
import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { storefrontConfig } from '@/lib/config/server';
import { brandList } from '@/lib/content/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('brands');
  return { title: t('title'), description: t('description'), alternates: { canonical: '/marques' } };
}

/** Brand list (/marques): logo, title and link of every brand record. */
export default async function BrandsPage() {
  const t = await getTranslations('brands');
  return (
    <>
      <Breadcrumbs crumbs={[{ name: t('title'), path: '/marques' }]} siteUrl={storefrontConfig().siteUrl} />
      <h1 className="text-3xl font-bold text-brand-900">{t('title')}</h1>
      <p className="mt-2 text-slate-700">{t('intro')}</p>
      <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {brandList().map((brand) => (
          <li key={brand.slug}>
            <IntentLink
              href={`/marques/${brand.slug}`}
              className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 p-4 hover:border-brand-600 hover:shadow-sm"
            >
              <Image src={brand.logo} alt="" width={64} height={64} />
              <span className="font-semibold text-brand-900">{brand.title}</span>
            </IntentLink>
          </li>
        ))}
      </ul>
    </>
  );
}
