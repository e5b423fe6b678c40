import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { DeleteAddressButton, KeepAddressButton } from '@/components/account/address-form';
import { AccountNav } from '@/components/account/account-nav';
import { UnavailableNotice } from '@/components/account/unavailable-notice';
import { getAddresses, getCountries, getCustomer } from '@/lib/account/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('account'))('addressesTitle') };
}

export default async function AddressesPage() {
  const [t, customer, addresses, countries] = await Promise.all([
    getTranslations('account'),
    getCustomer('/compte/adresses'),
    getAddresses(),
    getCountries(),
  ]);
  const countryName = (code: string) => countries.find((c) => c.code === code)?.name ?? code;
  return (
    <>
      <AccountNav current="/compte/adresses" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-brand-900">{t('addressesTitle')}</h1>
        <Link
          href="/compte/adresses/ajouter"
          className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          {t('addAddressTitle')}
        </Link>
      </div>
      {addresses === null ? (
        <UnavailableNotice />
      ) : addresses.length === 0 ? (
        <p className="mt-6 text-slate-700">{t('noAddress')}</p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {addresses.map((address) => {
            const label = `${address.firstName} ${address.lastName}, ${address.street}, ${address.postcode} ${address.city}`;
            return (
              <li key={address.id} className="rounded-lg border border-slate-200 p-4">
                {customer?.defaultAddress === address['@id'] && (
                  <p className="mb-2 text-xs font-semibold uppercase text-brand-700">{t('defaultAddress')}</p>
                )}
                {address.toReview && (
                  <p className="mb-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
                    {t('addressToReview')}
                  </p>
                )}
                <address className="not-italic text-slate-800">
                  {address.firstName} {address.lastName}
                  <br />
                  {address.company && (
                    <>
                      {address.company}
                      <br />
                    </>
                  )}
                  {address.street}
                  <br />
                  {address.postcode} {address.city}
                  <br />
                  {countryName(address.countryCode)}
                  {address.phoneNumber && (
                    <>
                      <br />
                      {address.phoneNumber}
                    </>
                  )}
                </address>
                <p className="mt-3 flex gap-4">
                  <Link
                    href={`/compte/adresses/${address.id}`}
                    aria-label={`${t('edit')} : ${label}`}
                    className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
                  >
                    {t('edit')}
                  </Link>
                  {address.toReview && <KeepAddressButton id={address.id} label={label} />}
                  <DeleteAddressButton id={address.id} label={label} />
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
