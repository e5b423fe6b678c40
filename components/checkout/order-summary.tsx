import { getTranslations } from 'next-intl/server';
import { formatPrice } from '@/lib/format/price';
import type { Order } from '@/lib/orders/types';

/** The order's parts and totals as the shop API computed them; shipping shows once a method is known. */
export async function OrderSummary({ order, shippingKnown }: { order: Order; shippingKnown: boolean }) {
  const t = await getTranslations('checkout');
  return (
    <aside aria-labelledby="summary-title" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h2 id="summary-title" className="text-lg font-bold text-brand-900">{t('summaryTitle')}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {order.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3">
            <span>{item.productName}</span>
            <span className="whitespace-nowrap font-semibold">{formatPrice(item.total, order.currencyCode)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-slate-200 pt-3 text-sm">
        <dt>{t('items', { count: order.itemsTotalQuantities })}</dt>
        <dd className="text-right">{formatPrice(order.itemsTotal, order.currencyCode)}</dd>
        <dt>{t('shipping')}</dt>
        <dd className="text-right">{!shippingKnown ? t('shippingToChoose') : order.shippingTotal === 0 ? t('shippingFree') : formatPrice(order.shippingTotal, order.currencyCode)}</dd>
        <dt className="text-base font-bold text-brand-900">{t('total')}</dt>
        <dd className="text-right text-base font-bold text-brand-900">{formatPrice(shippingKnown ? order.total : order.itemsTotal, order.currencyCode)}</dd>
      </dl>
    </aside>
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
