import type { Metadata } from 'next';
import { safeDecode } from '@/lib/url/decode';
import Image from 'next/image';
import { IntentLink } from '@/components/navigation/intent-link';
import { notFound, permanentRedirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { JsonLd } from '@/components/seo/json-ld';
import { PART_MAIN_IMAGE_SIZES, PART_THUMB_IMAGE_SIZES } from '@/lib/catalogue/images';
import { getFamilies, getPart, getShippingOptions } from '@/lib/catalogue/server';
import { familyPath } from '@/lib/catalogue/slug';
import { storefrontConfig } from '@/lib/config/server';
import { addToCartAction } from '@/lib/cart/actions';
import { formatPrice } from '@/lib/format/price';
import { PriceExcludingVat } from '@/components/catalogue/price-excluding-vat';
import { productJsonLd } from '@/lib/seo/json-ld';

export const revalidate = 300;

/** No part is built ahead (there can be hundreds of thousands): each is rendered on its first visit, then served from cache. */
export async function generateStaticParams(): Promise<{ code: string; slug: string }[]> {
  return [];
}

type Params = Promise<{ code: string; slug: string }>;

/**
 * Loads the part, 404 when unknown; a wrong slug redirects to the one canonical URL. proxy.ts answers
 * both first; these are for when it could not reach the shop API.
 */
async function load(params: Params) {
  const { code, slug } = await params;
  const part = await getPart(safeDecode(code) ?? '');
  if (!part) notFound();
  if (part.path !== `/piece/${code}/${slug}`) permanentRedirect(part.path);
  return part;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const part = await load(params);
  const [t, tPart] = await Promise.all([getTranslations('part'), getTranslations('part.grades')]);
  return {
    title: part.oemReference ? `${part.name} – ${part.oemReference}` : part.name,
    description: t('metaDescription', {
      name: part.name,
      reference: part.oemReference ?? part.code,
      grade: tPart(part.grade as 'A'),
      months: part.warrantyMonths,
      price: formatPrice(part.price),
    }),
    alternates: { canonical: part.path },
    openGraph: { images: part.images.slice(0, 1).map((image) => image.src) },
  };
}

/** A part's page: photos, price, OEM reference, donor vehicle, grade, warranty, compatibility, delivery. */
export default async function PartPage({ params }: { params: Params }) {
  const part = await load(params);
  const [t, tCatalogue, families, shipping] = await Promise.all([
    getTranslations('part'),
    getTranslations('catalogue'),
    getFamilies(),
    getShippingOptions(),
  ]);
  const family = families.find((f) => f.children.some((c) => c.code === part.mainTaxonCode));
  const child = family?.children.find((c) => c.code === part.mainTaxonCode);
  const { siteUrl } = storefrontConfig();
  const crumbs = [{ name: tCatalogue('allParts'), path: '/pieces' }];
  if (family) crumbs.push({ name: family.name, path: familyPath(family.code) });
  if (family && child) crumbs.push({ name: child.name, path: familyPath(child.code, family.code) });
  crumbs.push({ name: part.name, path: part.path });
  const deliveries = shipping.filter(
    (method) =>
      (method.minWeight === null || part.weightKg >= method.minWeight) &&
      (method.maxWeight === null || part.weightKg <= method.maxWeight),
  );
  const [main, ...others] = part.images;

  const facts: [string, string][] = [
    [t('internalReference'), part.code],
    ...(part.oemReference ? [[t('reference'), part.oemReference] as [string, string]] : []),
    ...(part.donor ? [[t('donorVehicle'), part.donor.fullName] as [string, string]] : []),
    ...(part.donor?.year ? [[t('year'), String(part.donor.year)] as [string, string]] : []),
    ...(part.donor?.mileage
      ? [[t('mileage'), t('mileageValue', { km: part.donor.mileage.toLocaleString('fr-FR') })] as [string, string]]
      : []),
    [t('grade'), t(`grades.${part.grade as 'A'}`)],
    [t('warranty'), t('warrantyValue', { months: part.warrantyMonths })],
    [t('weight'), t('weightValue', { kg: part.weightKg.toLocaleString('fr-FR', { maximumFractionDigits: 1 }) })],
  ];

  return (
    <>
      <Breadcrumbs crumbs={crumbs} siteUrl={siteUrl} />
      <JsonLd data={productJsonLd(part, siteUrl, part.brand?.name ?? null)} />
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-label={t('photos')}>
          {main && (
            <div className="relative aspect-[4/3] overflow-hidden rounded-xl bg-slate-100">
              <Image
                src={main.src}
                alt={main.alt}
                fill
                priority
                sizes={PART_MAIN_IMAGE_SIZES}
                className="object-cover"
              />
            </div>
          )}
          {others.length > 0 && (
            <ul className="mt-3 flex gap-3">
              {others.map((image) => (
                <li key={image.src} className="relative h-24 w-32 overflow-hidden rounded-lg bg-slate-100">
                  <Image src={image.src} alt={image.alt} fill sizes={PART_THUMB_IMAGE_SIZES} className="object-cover" />
                </li>
              ))}
            </ul>
          )}
        </section>
        <div>
          <h1 className="text-2xl font-bold leading-tight text-brand-900 md:text-3xl">{part.name}</h1>
          {part.oemReference && (
            <p className="mt-2 text-slate-700">
              {t('reference')} : <span className="font-mono font-semibold">{part.oemReference}</span>
            </p>
          )}
          <p className="mt-6 text-3xl font-bold text-brand-900">
            {formatPrice(part.price)} <span className="text-base font-medium text-slate-600">{t('taxIncluded')}</span>
            <PriceExcludingVat cents={part.price} />
          </p>
          <p className={`mt-2 font-semibold ${part.availability === 'available' ? 'text-green-800' : 'text-red-800'}`}>
            <span className="sr-only">{t('availability')} : </span>
            {part.availability === 'available'
              ? t('available')
              : part.availability === 'reserved'
                ? t('reserved')
                : t('soldOut')}
          </p>
          {part.availability === 'available' && part.variantCode && (
            // A plain form: it works before hydration and adds no script to this cached page.
            <form action={addToCartAction} className="mt-4">
              <input type="hidden" name="variant" value={part.variantCode} />
              <button
                type="submit"
                className="rounded-md bg-accent-700 px-6 py-3 text-lg font-semibold text-white hover:bg-accent-800"
              >
                {t('addToCart')}
              </button>
            </form>
          )}
          {part.soldAt && (
            <div className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900" role="status">
              <p>
                {t('soldOn', {
                  date: new Date(part.soldAt).toLocaleDateString('fr-FR', {
                    dateStyle: 'long',
                    timeZone: 'Europe/Paris',
                  }),
                })}
              </p>
              {child && family && (
                <p className="mt-2">
                  <IntentLink href={familyPath(child.code, family.code)} className="font-semibold underline">
                    {t('seeOthers', { family: child.name })}
                  </IntentLink>
                </p>
              )}
            </div>
          )}

          <h2 className="mt-8 text-lg font-bold text-brand-900">{t('facts')}</h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-slate-600">{label}</dt>
                <dd className="text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>

          <h2 className="mt-8 text-lg font-bold text-brand-900">{t('compatibility')}</h2>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
            {part.compatible.map((vehicle) => (
              <li key={vehicle.code}>{vehicle.fullName}</li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-slate-600">{t('compatibilityNote')}</p>

          <h2 className="mt-8 text-lg font-bold text-brand-900">{t('delivery')}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {deliveries.map((method) => (
              <li key={method.code}>
                <span className="font-semibold">{method.name}</span> — {method.description}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <section className="mt-10 max-w-3xl" aria-labelledby="part-description">
        <h2 id="part-description" className="text-lg font-bold text-brand-900">
          {t('description')}
        </h2>
        {part.description.split(/\n{2,}/).map((paragraph) => (
          <p key={paragraph} className="mt-3 text-slate-800">
            {paragraph}
          </p>
        ))}
      </section>
    </>
  );
}
