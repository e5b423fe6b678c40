import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { formatPrice } from '@/lib/format/price';
import { PriceExcludingVat } from '@/components/catalogue/price-excluding-vat';
import type { Order } from '@/lib/orders/types';

/** The order's parts and totals as the shop API computed them; shipping shows once a method is known. */
export async function OrderSummary({ order, shippingKnown }: { order: Order; shippingKnown: boolean }) {
  const t = await getTranslations('checkout');
  return (
    <aside aria-labelledby="summary-title" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h2 id="summary-title" className="text-lg font-bold text-brand-900">{t('summaryTitle')}</h2>
      <OrderItems order={order} className="mt-3 space-y-2 text-sm" itemClassName="flex justify-between gap-3" />
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-slate-200 pt-3 text-sm">
        <dt>{t('items', { count: order.itemsTotalQuantities })}</dt>
        <dd className="text-right">{formatPrice(order.itemsTotal, order.currencyCode)}</dd>
        <dt>{t('shipping')}</dt>
        <dd className="text-right">{!shippingKnown ? t('shippingToChoose') : order.shippingTotal === 0 ? t('shippingFree') : formatPrice(order.shippingTotal, order.currencyCode)}</dd>
        <dt className="text-base font-bold text-brand-900">{t('total')}</dt>
        <dd className="text-right text-base font-bold text-brand-900">
          {formatPrice(shippingKnown ? order.total : order.itemsTotal, order.currencyCode)}
          <PriceExcludingVat cents={shippingKnown ? order.total : order.itemsTotal} currency={order.currencyCode} />
        </dd>
      </dl>
    </aside>
  );
}

/** The order's parts with their prices; `children` adds rows (a total) to the same list. */
export function OrderItems({ order, className, itemClassName = 'flex justify-between gap-3 p-3', children }: {
  order: Order;
  className?: string;
  itemClassName?: string;
  children?: ReactNode;
}) {
  return (
    <ul className={className}>
      {order.items.map((item) => (
        <li key={item.id} className={itemClassName}>
          <span>{item.productName}</span>
          <span className="whitespace-nowrap font-semibold">{formatPrice(item.total, order.currencyCode)}</span>
        </li>
      ))}
      {children}
    </ul>
  );
}

/** An address as a few lines of text. */
export function AddressLines({ address }: { address: NonNullable<Order['shippingAddress']> }) {
  return (
    <address className="not-italic">
      {address.firstName} {address.lastName}{address.company ? `, ${address.company}` : ''}<br />
      {address.street}<br />
      {address.postcode} {address.city} ({address.countryCode})
    </address>
  );
}
