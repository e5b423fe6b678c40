import { IntentLink } from '@/components/navigation/intent-link';
import { getTranslations } from 'next-intl/server';
import { getFamilies } from '@/lib/catalogue/server';
import { familyPath } from '@/lib/catalogue/slug';
import { VehicleHero } from '@/components/vehicle/vehicle-hero';

/** Home: hero with the vehicle search form, then the part families. */
export default async function HomePage() {
  const [t, families] = await Promise.all([getTranslations('home'), getFamilies()]);
  return (
    <>
      <section
        aria-labelledby="home-title"
        className="rounded-2xl bg-gradient-to-br from-brand-800 to-brand-900 px-6 py-10 text-white md:px-12 md:py-14"
      >
        <h1 id="home-title" className="max-w-3xl text-3xl font-bold leading-tight md:text-4xl">
          {t('title')}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-50">{t('intro')}</p>
        <ul className="mt-8 grid gap-3 text-sm font-medium md:grid-cols-3">
          {(['warranty', 'checked', 'shipping'] as const).map((key) => (
            <li key={key} className="rounded-lg bg-white/10 px-4 py-3">
              {t(`reassurance.${key}`)}
            </li>
          ))}
        </ul>
        <VehicleHero />
      </section>
      <section aria-labelledby="home-families" className="mt-12">
        <h2 id="home-families" className="text-2xl font-bold text-brand-900">
          {t('familiesTitle')}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {families.map((family) => (
            <li
              key={family.code}
              className="rounded-xl border border-slate-200 p-5 hover:border-brand-600 hover:shadow-sm"
            >
              <h3 className="text-lg font-semibold">
                <IntentLink href={familyPath(family.code)} className="text-brand-800 hover:underline">
                  {family.name}
                </IntentLink>
              </h3>
              <p className="mt-2 text-sm text-slate-700">{family.children.map((child) => child.name).join(' · ')}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
