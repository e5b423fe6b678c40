import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { CartQuantitySync } from '@/components/cart/cart-quantity-sync';
import { OrderItems, OrderTotals } from '@/components/checkout/order-summary';
import { findOrderToConfirm } from '@/lib/checkout/server';
import { orderStatusKey } from '@/lib/orders/status-label';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('checkout'))('confirmedTitle') };
}

/** Confirmation ('Commande enregistré'): the payment's success return; completes the order. */
export default async function ConfirmationPage() {
  const [t, status, found] = await Promise.all([
    getTranslations('checkout'),
    getTranslations('orderStatus'),
    findOrderToConfirm(),
  ]);
  if (!found) {
    return (
      <section aria-labelledby="confirmed-title">
        <h1 id="confirmed-title" className="text-3xl font-bold text-brand-900">
          {t('confirmedTitle')}
        </h1>
        <p className="mt-6 text-slate-700">{t('nothingToConfirm')}</p>
        <Link href="/compte/commandes" className="mt-4 inline-block font-semibold text-brand-700 underline">
          {t('seeOrder')}
        </Link>
      </section>
    );
  }
  const { order, paid } = found;
  if (!paid) {
    return (
      <section aria-labelledby="confirmed-title">
        {/* The provider's confirmation may trail the visitor by a few seconds: look again shortly. */}
        <meta httpEquiv="refresh" content="3" />
        <h1 id="confirmed-title" className="text-3xl font-bold text-brand-900">
          {t('pendingHeading')}
        </h1>
        <p role="status" className="mt-6 text-slate-700">
          {t('pendingText')}
        </p>
        <Link href="/commande/valide" className="mt-4 inline-block font-semibold text-brand-700 underline">
          {t('checkAgain')}
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="confirmed-title">
      <CartQuantitySync quantity={0} />
      <h1 id="confirmed-title" className="text-3xl font-bold text-brand-900">
        {t('confirmedHeading')}
      </h1>
      <p role="status" className="mt-4 text-lg font-semibold text-brand-800">
        {t('confirmedNumber', { number: order.number ?? '' })}
      </p>
      <p className="mt-2 text-slate-700">
        {t('status')} :{' '}
        {status(
          orderStatusKey({
            state: order.state ?? 'new',
            shippingState: order.shippingState,
            shipments: order.shipments,
          }),
        )}
      </p>
      <p className="mt-2 text-slate-700">{t('confirmedText')}</p>
      <OrderItems order={order} className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200" />
      <OrderTotals order={order} className="mt-4 ml-auto max-w-sm" />
      <p className="mt-6 flex flex-wrap gap-4">
        <Link
          href={`/compte/commandes/${order.tokenValue}`}
          className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          {t('seeOrder')}
        </Link>
        <Link
          href="/pieces"
          className="rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
        >
          {t('continueShopping')}
        </Link>
      </p>
    </section>
  );
}
