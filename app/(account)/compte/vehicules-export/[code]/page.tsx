import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AccountNav } from '@/components/account/account-nav';
import { UnavailableNotice } from '@/components/account/unavailable-notice';
import { ExportVehicleFacts } from '@/components/export/export-vehicle-facts';
import { QuoteRequestForm } from '@/components/export/quote-request-form';
import { getCustomer, UNAVAILABLE } from '@/lib/account/server';
import { getExportVehicle } from '@/lib/export-vehicles/server';
import { EXPORT_VEHICLES_PATH } from '@/lib/export-vehicles/types';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('exportVehicles'))('quoteTitle') };
}

/** A professional asks for a quote on one vehicle: only a phone number is required, the rest comes from the account. */
export default async function QuoteRequestPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const [t, customer, vehicle] = await Promise.all([
    getTranslations('exportVehicles'),
    getCustomer(`${EXPORT_VEHICLES_PATH}/${code}`),
    getExportVehicle(code),
  ]);
  if (vehicle === 'forbidden') redirect(EXPORT_VEHICLES_PATH);
  if (!vehicle) notFound();
  if (vehicle === UNAVAILABLE || !customer)
    return (
      <>
        <AccountNav current={EXPORT_VEHICLES_PATH} />
        <p>
          <Link href={EXPORT_VEHICLES_PATH} className="text-sm font-semibold text-brand-700 underline">
            {t('back')}
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-bold text-brand-900">{t('quoteTitle')}</h1>
        <UnavailableNotice />
      </>
    );
  return (
    <>
      <AccountNav current={EXPORT_VEHICLES_PATH} />
      <p>
        <Link href={EXPORT_VEHICLES_PATH} className="text-sm font-semibold text-brand-700 underline">
          {t('back')}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">
        {t('quoteTitle')} : {vehicle.name}
      </h1>
      <p className="text-sm text-slate-600">{t('reference', { code: vehicle.code })}</p>
      <ExportVehicleFacts vehicle={vehicle} />
      <p className="mt-6 max-w-2xl text-slate-800">
        {t('quoteIntro', { company: customer.companyName ?? '', siret: customer.siret ?? '', email: customer.email })}
      </p>
      <QuoteRequestForm code={vehicle.code} phoneNumber={customer.phoneNumber ?? ''} />
    </>
  );
}
