import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AccountNav } from '@/components/account/account-nav';
import { UnavailableNotice } from '@/components/account/unavailable-notice';
import { WithdrawalForm } from '@/components/account/withdrawal-form';
import { getCustomer, UNAVAILABLE } from '@/lib/account/server';
import { formatDateTime } from '@/lib/format/date';
import { getOrder, getWithdrawal } from '@/lib/orders/server';
import { lastSegment } from '@/lib/url/decode';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('account'))('withdrawalTitle') };
}

/**
 * The online withdrawal function (Code de la consommation L221-21): reached from the order by
 * « Renoncer au contrat ici », it names the contract and the consumer, lets them choose the parts,
 * and records the withdrawal on « Confirmer la rétractation ».
 */
export default async function WithdrawalPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const returnTo = `/compte/commandes/${token}/retractation`;
  const [t, customer, order, withdrawal] = await Promise.all([
    getTranslations('account'),
    getCustomer(returnTo),
    getOrder(token),
    getWithdrawal(token),
  ]);
  if (!order || !withdrawal) notFound();
  if (order === UNAVAILABLE || withdrawal === UNAVAILABLE || !customer)
    return (
      <>
        <AccountNav current="/compte/commandes" />
        <p>
          <Link href={`/compte/commandes/${token}`} className="text-sm font-semibold text-brand-700 underline">
            {t('backToOrders')}
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-bold text-brand-900">{t('withdrawalTitle')}</h1>
        <UnavailableNotice />
      </>
    );
  const items = order.items
    .filter((item) => withdrawal.withdrawableItems.some((iri) => lastSegment(iri) === String(item.id)))
    .map((item) => ({ id: String(item.id), name: item.productName }));
  return (
    <>
      <AccountNav current="/compte/commandes" />
      <p>
        <Link href={`/compte/commandes/${token}`} className="text-sm font-semibold text-brand-700 underline">
          {t('backToOrder', { number: order.number ?? '' })}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">
        {t('withdrawalHeading', { number: order.number ?? '' })}
      </h1>
      {withdrawal.open ? (
        <>
          <p className="mt-4 max-w-2xl text-slate-800">{t('withdrawalIntro')}</p>
          <dl className="mt-4 grid max-w-xl grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">{t('withdrawalConsumer')}</dt>
            <dd>{customer.fullName}</dd>
            <dt className="font-semibold">{t('withdrawalContract')}</dt>
            <dd>
              {t('orderNumber', { number: order.number ?? '' })}
              {order.checkoutCompletedAt
                ? ` — ${t('orderPlacedOn', { date: formatDateTime(order.checkoutCompletedAt) })}`
                : ''}
            </dd>
            <dt className="font-semibold">{t('withdrawalAcknowledgementTo')}</dt>
            <dd>{customer.email}</dd>
          </dl>
          <p className="mt-4 max-w-2xl text-slate-700">
            {withdrawal.deadline
              ? t('withdrawalUntil', { date: formatDateTime(withdrawal.deadline) })
              : t('withdrawalBeforeReceipt')}
          </p>
          <WithdrawalForm token={token} items={items} />
        </>
      ) : (
        <p role="status" className="mt-4 max-w-2xl rounded-md border border-slate-300 bg-slate-50 p-3">
          {withdrawal.reason}
        </p>
      )}
    </>
  );
}
