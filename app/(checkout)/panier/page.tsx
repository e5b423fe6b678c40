import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { CartQuantitySync } from '@/components/cart/cart-quantity-sync';
import { removeFromCartAction } from '@/lib/cart/actions';
import { getCart, partsLeftAtSignIn } from '@/lib/cart/server';
import { formatPrice } from '@/lib/format/price';
import { readRefusal, REFUSAL_PARAM } from '@/lib/url/refusal';
import { PriceExcludingVat } from '@/components/catalogue/price-excluding-vat';
import { OrderTotals } from '@/components/checkout/order-summary';
import { getShippingOptions } from '@/lib/checkout/server';
import { checkoutState, replacedChoiceReason } from '@/lib/checkout/state';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('cart');
  return { title: t('title'), description: t('description'), robots: { index: false } };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Cart ('Panier'): the visitor's parts, each removable, and the order's amount lines as every screen of
 * an order shows them (a delivery chosen at checkout, then the cart visited again, is in them).
 */
export default async function CartPage({ searchParams }: { searchParams: SearchParams }) {
  const [t, refusals, cart, params] = await Promise.all([
    getTranslations('cart'),
    getTranslations('refusals'),
    getCart(),
    searchParams,
  ]);
  // A code only: whatever else the address says is not shown.
  const refusal = readRefusal(params[REFUSAL_PARAM]);
  // After a sign-in that left parts out of the account's cart: which ones (kept by the sign-in itself).
  const left = refusal?.startsWith('fusion-') ? await partsLeftAtSignIn() : [];
  const added =
    typeof params.ajout === 'string' && cart?.items.some((item) => item.variant.endsWith(`/${params.ajout}`));
  return (
    <section aria-labelledby="cart-title">
      <h1 id="cart-title" className="text-3xl font-bold text-brand-900">
        {t('title')}
      </h1>
      <CartQuantitySync quantity={cart?.itemsTotalQuantities ?? 0} />
      {refusal && (
        <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          <p>{refusals(refusal)}</p>
          {left.length > 0 && (
            <>
              <p className="mt-2 font-semibold">{t('leftAtSignIn')}</p>
              <ul className="mt-1 list-disc pl-6">
                {left.map((name, index) => (
                  <li key={index}>{name}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {added && (
        <p role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
          {t('added')}
        </p>
      )}
      {!cart || cart.items.length === 0 ? (
        <>
          <p className="mt-6 text-slate-700">{t('empty')}</p>
          <Link
            href="/pieces"
            className="mt-4 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
          >
            {t('browse')}
          </Link>
        </>
      ) : (
        <>
          <ul className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {cart.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div>
                  <p className="font-semibold text-brand-900">{item.productName}</p>
                  <p className="text-sm text-slate-600">{t('unitPart')}</p>
                </div>
                <div className="flex items-center gap-4">
                  <p className="text-right text-lg font-bold text-brand-900">
                    {formatPrice(item.total)}
                    <PriceExcludingVat cents={item.total} />
                  </p>
                  <form action={removeFromCartAction}>
                    <input type="hidden" name="item" value={item.id} />
                    <button
                      type="submit"
                      aria-label={t('removeLabel', { name: item.productName })}
                      className="inline-flex min-h-11 items-center text-sm font-semibold text-red-800 underline"
                    >
                      {t('remove')}
                    </button>
                  </form>
                </div>
              </li>
            ))}
          </ul>
          <OrderTotals order={cart} className="mt-6 ml-auto max-w-sm" />
          {cart.shippingMethodReplaced ? (
            <p role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              {replacedChoiceReason(cart.rememberedMethod, await getShippingOptions(cart.tokenValue)) === 'unfit'
                ? t('shippingReplaced')
                : t('shippingToConfirm')}
            </p>
          ) : (
            <p className="mt-3 text-right text-sm text-slate-600">
              {checkoutState(cart) === 'shipping' ? t('shippingChangeable') : t('shippingLater')}
            </p>
          )}
          <p className="mt-6 text-right">
            <Link
              href="/commande/adresses"
              prefetch={false}
              className="inline-block rounded-md bg-accent-700 px-6 py-3 text-lg font-semibold text-white hover:bg-accent-800"
            >
              {t('checkout')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
