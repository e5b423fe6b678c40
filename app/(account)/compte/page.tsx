import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { AccountNav } from '@/components/account/account-nav';
import { UnavailableNotice } from '@/components/account/unavailable-notice';
import { getCustomer } from '@/lib/account/server';

/** /compte: the customer's area (title from the layout: 'Mon compte'). */
export default async function AccountPage() {
  const [t, customer] = await Promise.all([getTranslations('account'), getCustomer('/compte')]);
  return (
    <>
      <AccountNav current="/compte" />
      <h1 className="text-3xl font-bold text-brand-900">
        {customer ? t('hello', { name: customer.firstName }) : t('title')}
      </h1>
      {customer ? (
        <p className="mt-2 text-slate-700">
          {customer.email} · {customer.group === 'professional' ? t('professional') : t('individual')}
        </p>
      ) : (
        <UnavailableNotice />
      )}
      <p className="mt-4 max-w-2xl text-slate-700">{t('intro')}</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {(
          [
            ['/compte/profil', 'profileTitle'],
            ['/compte/adresses', 'addressesTitle'],
            ['/compte/commandes', 'ordersTitle'],
            ['/compte/mot-de-passe', 'passwordTitle'],
          ] as const
        ).map(([href, key]) => (
          <li key={href}>
            <Link
              href={href}
              className="block rounded-lg border border-slate-200 p-4 font-semibold text-brand-800 hover:border-brand-600"
            >
              {t(key)}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
