import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('cart');
  return { title: t('title'), description: t('description'), robots: { index: false } };
}

/** Cart (spec §2 'Panier'). Items, totals and checkout arrive with the cart API. */
export default async function CartPage() {
  const t = await getTranslations('cart');
  return (
    <section aria-labelledby="cart-title">
      <h1 id="cart-title" className="text-3xl font-bold text-brand-900">{t('title')}</h1>
      <p className="mt-6 text-slate-700">{t('empty')}</p>
      <Link href="/pieces" className="mt-4 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
        {t('browse')}
      </Link>
    </section>
  );
}
