import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { AccountNav } from '@/components/account/account-nav';
import { UnavailableNotice } from '@/components/account/unavailable-notice';
import { getCustomer } from '@/lib/account/server';
import { formatPrice } from '@/lib/format/price';
import { getOrders } from '@/lib/orders/server';
import { orderStatusKey } from '@/lib/orders/status-label';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('account'))('ordersTitle') };
}

/** The customer's orders ('Commandes'), each with its status label. */
export default async function OrdersPage() {
  const [t, status] = await Promise.all([
    getTranslations('account'),
    getTranslations('orderStatus'),
    getCustomer('/compte/commandes'),
  ]);
  const orders = await getOrders();
  return (
    <>
      <AccountNav current="/compte/commandes" />
      <h1 className="text-3xl font-bold text-brand-900">{t('ordersTitle')}</h1>
      {orders === null ? (
        <UnavailableNotice />
      ) : orders.length === 0 ? (
        <>
          <p className="mt-6 text-slate-700">{t('noOrders')}</p>
          <Link
            href="/pieces"
            className="mt-4 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
          >
            {t('browse')}
          </Link>
        </>
      ) : (
        <table className="mt-6 w-full border-collapse text-left">
          <caption className="sr-only">{t('ordersCaption')}</caption>
          <thead>
            <tr className="border-b border-slate-300 text-sm text-slate-700">
              <th scope="col" className="py-2 pr-4">
                {t('orderColumnNumber')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('orderColumnStatus')}
              </th>
              <th scope="col" className="py-2 text-right">
                {t('orderColumnTotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.tokenValue} className="border-b border-slate-200">
                <th scope="row" className="py-3 pr-4 font-semibold">
                  <Link
                    href={`/compte/commandes/${order.tokenValue}`}
                    aria-label={t('orderSee', { number: order.number ?? '' })}
                    className="text-brand-700 underline"
                  >
                    {order.number}
                  </Link>
                </th>
                <td className="py-3 pr-4">
                  {status(
                    orderStatusKey({
                      state: order.state ?? '',
                      shippingState: order.shippingState,
                      shipments: order.shipments,
                    }),
                  )}
                </td>
                <td className="py-3 text-right font-semibold">{formatPrice(order.total, order.currencyCode)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
