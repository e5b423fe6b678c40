import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { AccountNav } from '@/components/account/account-nav';
import { UnavailableNotice } from '@/components/account/unavailable-notice';
import { ExportVehicleFacts } from '@/components/export/export-vehicle-facts';
import { getCustomer, UNAVAILABLE } from '@/lib/account/server';
import { getExportVehicles } from '@/lib/export-vehicles/server';
import { EXPORT_VEHICLES_PATH } from '@/lib/export-vehicles/types';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('exportVehicles'))('title') };
}

/**
 * Whole vehicles for professionals (the public /vehicules-export explains the offer and links here):
 * the list is shown to professional accounts only, each vehicle with its legal status and papers, and
 * a quote request instead of a checkout.
 */
export default async function ExportVehiclesPage({
  searchParams,
}: {
  searchParams: Promise<{ devis?: string | string[] }>;
}) {
  const [t, , offer, { devis }] = await Promise.all([
    getTranslations('exportVehicles'),
    getCustomer(EXPORT_VEHICLES_PATH),
    getExportVehicles(),
    searchParams,
  ]);
  const askedCode = typeof devis === 'string' ? devis : null;
  const asked =
    offer !== UNAVAILABLE && offer.allowed && askedCode
      ? offer.vehicles.find((vehicle) => vehicle.code === askedCode)
      : undefined;
  return (
    <>
      <AccountNav current={EXPORT_VEHICLES_PATH} />
      <h1 className="text-3xl font-bold text-brand-900">{t('title')}</h1>
      {askedCode && (
        <p role="status" className="mt-4 max-w-3xl rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
          {asked ? t('sent', { name: asked.name }) : t('sentGeneric')}
        </p>
      )}
      {offer === UNAVAILABLE ? (
        <UnavailableNotice />
      ) : !offer.allowed ? (
        <>
          <p className="mt-4 max-w-3xl text-slate-800">{t('professionalsOnly')}</p>
          <Link
            href="/compte/profil"
            className="mt-4 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
          >
            {t('toProfile')}
          </Link>
        </>
      ) : (
        <>
          <p className="mt-4 max-w-3xl text-slate-800">{t('intro')}</p>
          {offer.vehicles.length === 0 ? (
            <p className="mt-6 text-slate-700">{t('none')}</p>
          ) : (
            <ul aria-label={t('listCaption')} className="mt-6 grid gap-4 md:grid-cols-2">
              {offer.vehicles.map((vehicle) => (
                <li key={vehicle.code}>
                  <article
                    aria-labelledby={`vehicle-${vehicle.code}`}
                    className="h-full rounded-lg border border-slate-200 p-4"
                  >
                    <h2 id={`vehicle-${vehicle.code}`} className="text-lg font-bold text-brand-900">
                      {vehicle.name}
                    </h2>
                    <p className="text-xs text-slate-600">{t('reference', { code: vehicle.code })}</p>
                    <ExportVehicleFacts vehicle={vehicle} />
                    <Link
                      href={`${EXPORT_VEHICLES_PATH}/${encodeURIComponent(vehicle.code)}`}
                      aria-label={t('askFor', { name: vehicle.name })}
                      className="mt-4 inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
                    >
                      {t('ask')}
                    </Link>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
