import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { AddressForm } from '@/components/account/address-form';
import { AccountNav } from '@/components/account/account-nav';
import { getCountries, getCustomer } from '@/lib/account/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('account'))('addAddressTitle') };
}

export default async function AddAddressPage() {
  const [t, customer, countries] = await Promise.all([
    getTranslations('account'),
    getCustomer('/compte/adresses/ajouter'),
    getCountries(),
  ]);
  return (
    <>
      <AccountNav current="/compte/adresses" />
      <h1 className="text-3xl font-bold text-brand-900">{t('addAddressTitle')}</h1>
      <AddressForm
        id={null}
        countries={countries}
        initial={{
          firstName: customer?.firstName ?? '',
          lastName: customer?.lastName ?? '',
          company: '',
          street: '',
          postcode: '',
          city: '',
          countryCode: 'FR',
          phoneNumber: customer?.phoneNumber ?? '',
        }}
      />
      <Link href="/compte/adresses" className="mt-6 inline-block text-sm font-semibold text-brand-700 underline">
        {t('backToAddresses')}
      </Link>
    </>
  );
}
