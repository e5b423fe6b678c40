import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { formatPrice } from '@/lib/format/price';
import { PriceExcludingVat } from '@/components/catalogue/price-excluding-vat';
import { checkoutState } from '@/lib/checkout/state';
import { shippingMethodNames } from '@/lib/orders/server';
import type { Order } from '@/lib/orders/types';
import { lastSegment } from '@/lib/url/decode';

/**
 * The checkout's récapitulatif: the order's parts and its three amount lines. Updated live for
 * screen readers, since choosing a shipping method re-renders it with the order's new totals.
 */
export async function OrderSummary({ order }: { order: Order }) {
  const t = await getTranslations('checkout');
  return (
    <aside aria-labelledby="summary-title" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h2 id="summary-title" className="text-lg font-bold text-brand-900">
        {t('summaryTitle')}
      </h2>
      <OrderItems order={order} className="mt-3 space-y-2 text-sm" itemClassName="flex justify-between gap-3" />
      <OrderTotals
        order={order}
        live
        className="mt-4 border-t border-slate-200 pt-3 text-sm"
        totalClassName="text-base"
      />
    </aside>
  );
}

/**
 * The three amount lines every screen of an order shows alike (recap, confirmation, order page):
 * parts, delivery with its method, total TTC — the shop API's own itemsTotal, shippingTotal and
 * total, never summed here. Until a method is chosen, delivery and total say they are to come.
 */
export async function OrderTotals({
  order,
  live = false,
  className = '',
  totalClassName = 'text-lg',
}: {
  order: Order;
  /** Announce changes (the recap, re-rendered when the method changes). */
  live?: boolean;
  className?: string;
  totalClassName?: string;
}) {
  const [t, methods] = await Promise.all([getTranslations('checkout'), shippingMethodNames()]);
  const chosen = checkoutState(order) === 'shipping';
  const code = chosen ? lastSegment(order.shipments.at(-1)?.method) : null;
  const method = code ? (methods.get(code) ?? code) : null;
  return (
    <dl aria-live={live ? 'polite' : undefined} className={`grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 ${className}`}>
      <dt>{t('items', { count: order.itemsTotalQuantities })}</dt>
      <dd className="text-right">{formatPrice(order.itemsTotal, order.currencyCode)}</dd>
      <dt>{method ? t('shippingWith', { method }) : t('shipping')}</dt>
      <dd className="text-right">
        {!chosen
          ? t('shippingToChoose')
          : order.shippingTotal === 0
            ? t('shippingFree')
            : formatPrice(order.shippingTotal, order.currencyCode)}
      </dd>
      <dt className={`font-bold text-brand-900 ${totalClassName}`}>{t('total')}</dt>
      <dd className={`text-right font-bold text-brand-900 ${totalClassName}`}>
        {chosen ? (
          <>
            {formatPrice(order.total, order.currencyCode)}
            <PriceExcludingVat cents={order.total} currency={order.currencyCode} />
          </>
        ) : (
          t('totalAfterShipping')
        )}
      </dd>
    </dl>
  );
}

/** The order's parts with their prices; `children` adds rows (a total) to the same list. */
export function OrderItems({
  order,
  className,
  itemClassName = 'flex justify-between gap-3 p-3',
  children,
}: {
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
      {address.firstName} {address.lastName}
      {address.company ? `, ${address.company}` : ''}
      <br />
      {address.street}
      <br />
      {address.postcode} {address.city} ({address.countryCode})
    </address>
  );
}
