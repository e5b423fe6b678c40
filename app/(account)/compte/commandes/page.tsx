import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { AccountNav } from '@/components/account/account-nav';
import { getCustomer } from '@/lib/account/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('account'))('ordersTitle') };
}

/** Orders arrive with the checkout; until then, an honest empty state. */
export default async function OrdersPage() {
  const [t] = await Promise.all([getTranslations('account'), getCustomer('/compte/commandes')]);
  return (
    <>
      <AccountNav current="/compte/commandes" />
      <h1 className="text-3xl font-bold text-brand-900">{t('ordersTitle')}</h1>
      <p className="mt-6 text-slate-700">{t('noOrders')}</p>
      <Link href="/pieces" className="mt-4 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">{t('browse')}</Link>
    </>
  );
}
