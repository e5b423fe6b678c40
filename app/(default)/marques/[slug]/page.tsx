import type { Metadata } from 'next';
import Image from 'next/image';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { PartCard } from '@/components/catalogue/part-card';
import { MarkdownBody } from '@/components/content/markdown-body';
import { DEFAULT_SORT } from '@/lib/catalogue/parts';
import { listParts } from '@/lib/catalogue/server';
import { storefrontConfig } from '@/lib/config/server';
import { brandList, findBrand } from '@/lib/content/server';

export const revalidate = 300;
export const dynamicParams = false;

export function generateStaticParams() {
  return brandList().map((brand) => ({ slug: brand.slug }));
}

type Params = Promise<{ slug: string }>;

async function load(params: Params) {
  const brand = findBrand((await params).slug);
  if (!brand) notFound();
  return brand;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const brand = await load(params);
  const t = await getTranslations('brands');
  return {
    title: t('brandTitle', { brand: brand.title }),
    description: brand.meta?.description ?? t('description'),
    alternates: { canonical: brand.path },
  };
}

/** Brand page (/marques/<slug>): the content record and the brand's latest parts. */
export default async function BrandPage({ params }: { params: Params }) {
  const brand = await load(params);
  const [t, tCatalogue] = await Promise.all([getTranslations('brands'), getTranslations('catalogue')]);
  // The brand slug is the vehicle brand taxon code without 'piece_'.
  const listing = await listParts({ vehicleCode: `piece_${brand.slug}`, page: 1, sort: DEFAULT_SORT });
  return (
    <>
      <Breadcrumbs
        crumbs={[
          { name: t('title'), path: '/marques' },
          { name: brand.title, path: brand.path },
        ]}
        siteUrl={storefrontConfig().siteUrl}
      />
      <div className="flex items-center gap-4">
        <Image src={brand.logo} alt="" width={72} height={72} />
        <h1 className="text-3xl font-bold text-brand-900">{t('brandTitle', { brand: brand.title })}</h1>
      </div>
      <MarkdownBody html={brand.body} className="mt-4 max-w-3xl" />
      <h2 className="mt-10 text-xl font-bold text-brand-900">{t('latestParts', { brand: brand.title })}</h2>
      <p className="mt-1 text-slate-700">{tCatalogue('count', { count: listing.total })}</p>
      <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {listing.parts.map((part) => (
          <li key={part.code} className="relative">
            <PartCard part={part} headingLevel={3} />
          </li>
        ))}
      </ul>
    </>
  );
}
