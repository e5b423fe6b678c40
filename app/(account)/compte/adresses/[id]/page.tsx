import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AddressForm } from '@/components/account/address-form';
import { AccountNav } from '@/components/account/account-nav';
import { UnavailableNotice } from '@/components/account/unavailable-notice';
import { getAddress, getCountries, UNAVAILABLE } from '@/lib/account/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('account'))('editAddressTitle') };
}

/** Another customer's address, or none: 404, like the shop API. */
export default async function EditAddressPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,10}$/.test(id)) notFound();
  const [t, address, countries] = await Promise.all([
    getTranslations('account'),
    getAddress(Number(id)),
    getCountries(),
  ]);
  if (!address) notFound();
  return (
    <>
      <AccountNav current="/compte/adresses" />
      <h1 className="text-3xl font-bold text-brand-900">{t('editAddressTitle')}</h1>
      {address === UNAVAILABLE ? (
        <UnavailableNotice />
      ) : (
        <AddressForm
          id={address.id}
          countries={countries}
          initial={{
            firstName: address.firstName,
            lastName: address.lastName,
            company: address.company ?? '',
            street: address.street,
            postcode: address.postcode,
            city: address.city,
            countryCode: address.countryCode,
            phoneNumber: address.phoneNumber ?? '',
          }}
        />
      )}
      <Link href="/compte/adresses" className="mt-6 inline-block text-sm font-semibold text-brand-700 underline">
        {t('backToAddresses')}
      </Link>
    </>
  );
}
