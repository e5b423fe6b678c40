import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AccountNav } from '@/components/account/account-nav';
import { UnavailableNotice } from '@/components/account/unavailable-notice';
import { AddressLines, OrderItems, OrderTotals } from '@/components/checkout/order-summary';
import { getCustomer, UNAVAILABLE } from '@/lib/account/server';
import { formatDateTime } from '@/lib/format/date';
import { getOrder, getWithdrawal } from '@/lib/orders/server';
import type { WithdrawalStatus } from '@/lib/orders/types';
import { orderStatusKey } from '@/lib/orders/status-label';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('account'))('orderTitle') };
}

/** One order ('Commande'): status, parts, totals, addresses, plates. Someone else's order is a 404. */
export default async function OrderPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<{ retractation?: string }>;
}) {
  const { token } = await params;
  const [t, status, , order, withdrawal, { retractation }] = await Promise.all([
    getTranslations('account'),
    getTranslations('orderStatus'),
    getCustomer(`/compte/commandes/${token}`),
    getOrder(token),
    getWithdrawal(token),
    searchParams,
  ]);
  if (!order) notFound();
  if (order === UNAVAILABLE)
    return (
      <>
        <AccountNav current="/compte/commandes" />
        <p>
          <Link href="/compte/commandes" className="text-sm font-semibold text-brand-700 underline">
            {t('backToOrders')}
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-bold text-brand-900">{t('orderTitle')}</h1>
        <UnavailableNotice />
      </>
    );
  return (
    <>
      <AccountNav current="/compte/commandes" />
      <p>
        <Link href="/compte/commandes" className="text-sm font-semibold text-brand-700 underline">
          {t('backToOrders')}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">{t('orderNumber', { number: order.number ?? '' })}</h1>
      <p className="mt-3 text-lg">
        <span className="font-semibold">{t('orderStatus')} : </span>
        <span data-testid="order-status">
          {status(
            orderStatusKey({
              state: order.state ?? '',
              shippingState: order.shippingState,
              shipments: order.shipments,
            }),
          )}
        </span>
      </p>
      {order.checkoutCompletedAt && (
        <p className="mt-1 text-slate-700">{t('orderPlacedOn', { date: formatDateTime(order.checkoutCompletedAt) })}</p>
      )}
      {retractation === 'enregistree' && withdrawal && withdrawal !== UNAVAILABLE && withdrawal.requests.length ? (
        <p role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
          {t('withdrawalRecorded')}
        </p>
      ) : null}

      <h2 className="mt-8 text-xl font-bold text-brand-900">{t('orderItems')}</h2>
      <OrderItems order={order} className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200" />
      <OrderTotals order={order} className="mt-4 ml-auto max-w-sm" />

      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        {order.shippingAddress && (
          <section aria-labelledby="shipping-address">
            <h2 id="shipping-address" className="mb-2 text-lg font-bold text-brand-900">
              {t('orderShippingAddress')}
            </h2>
            <AddressLines address={order.shippingAddress} />
          </section>
        )}
        {order.billingAddress && (
          <section aria-labelledby="billing-address">
            <h2 id="billing-address" className="mb-2 text-lg font-bold text-brand-900">
              {t('orderBillingAddress')}
            </h2>
            <AddressLines address={order.billingAddress} />
          </section>
        )}
      </div>
      {order.licencePlates && (
        <p className="mt-6">
          <span className="font-semibold">{t('orderPlates')} : </span>
          <span className="font-mono">{order.licencePlates}</span>
        </p>
      )}
      {withdrawal && withdrawal !== UNAVAILABLE && <WithdrawalSection token={token} withdrawal={withdrawal} />}
    </>
  );
}

/** The right of withdrawal on the order: the link to the online function while it runs, and what was withdrawn. */
async function WithdrawalSection({ token, withdrawal }: { token: string; withdrawal: WithdrawalStatus }) {
  const t = await getTranslations('account');
  return (
    <section aria-labelledby="withdrawal" className="mt-10 rounded-lg border border-slate-200 p-5">
      <h2 id="withdrawal" className="text-xl font-bold text-brand-900">
        {t('withdrawalSection')}
      </h2>
      {withdrawal.requests.length > 0 && (
        <ul className="mt-3 flex flex-col gap-2">
          {withdrawal.requests.map((request) => (
            <li key={request.id}>
              {t('withdrawalRequested', {
                date: formatDateTime(request.requestedAt),
                parts: request.productNames.join(', '),
              })}
              {request.acknowledgedAt ? ` ${t('withdrawalAcknowledged')}` : ''}
            </li>
          ))}
        </ul>
      )}
      {withdrawal.open ? (
        <>
          <p className="mt-3">
            {withdrawal.deadline
              ? t('withdrawalUntil', { date: formatDateTime(withdrawal.deadline) })
              : t('withdrawalBeforeReceipt')}
          </p>
          <p className="mt-4">
            <Link
              href={`/compte/commandes/${token}/retractation`}
              className="inline-block rounded-md border-2 border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
            >
              {t('withdrawalLink')}
            </Link>
          </p>
        </>
      ) : (
        withdrawal.requests.length === 0 && <p className="mt-3 text-slate-700">{withdrawal.reason}</p>
      )}
    </section>
  );
}
