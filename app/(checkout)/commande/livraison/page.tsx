import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { CheckoutSteps } from '@/components/checkout/checkout-steps';
import { AddressLines, OrderSummary } from '@/components/checkout/order-summary';
import { getCart } from '@/lib/cart/server';
import { chooseShippingAction } from '@/lib/checkout/actions';
import { getShippingOptions } from '@/lib/checkout/server';
import { checkoutState, stepFor } from '@/lib/checkout/state';
import { formatPrice } from '@/lib/format/price';
import { lastSegment } from '@/lib/url/decode';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('checkout'))('steps.shipping') };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Step 2 (spec §2 'Livraison'): the methods that can carry these parts, priced by the shop API. A plain form. */
export default async function ShippingStepPage({ searchParams }: { searchParams: SearchParams }) {
  const [t, cart, params] = await Promise.all([getTranslations('checkout'), getCart(), searchParams]);
  if (!cart || cart.items.length === 0) redirect('/panier');
  const step = stepFor('/commande/livraison', checkoutState(cart));
  if (step !== '/commande/livraison') redirect(step);
  const methods = await getShippingOptions(cart.tokenValue);
  const current = lastSegment(cart.shipments[0]?.method);
  const refusal = typeof params.refus === 'string' ? params.refus.slice(0, 300) : null;
  const cancelled = params.paiement === 'annule';
  return (
    <>
      <CheckoutSteps current="/commande/livraison" />
      <div className="grid gap-8 md:grid-cols-[1fr_18rem]">
        <section aria-labelledby="step-title">
          <h1 id="step-title" className="mb-2 text-3xl font-bold text-brand-900">{t('shippingTitle')}</h1>
          <p className="mb-6 text-slate-700">{t('shippingIntro')}</p>
          {cancelled && <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">{t('paymentCancelled')}</p>}
          {refusal && <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-900">{refusal}</p>}
          {cart.shippingAddress && (
            <div className="mb-6 flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 p-4 text-sm">
              <div>
                <p className="font-semibold text-slate-900">{t('deliverTo')}</p>
                <AddressLines address={cart.shippingAddress} />
                {cart.licencePlates && <p className="mt-2">{t('plateRecap')} : <span className="font-mono font-semibold">{cart.licencePlates}</span></p>}
              </div>
              <Link href="/commande/adresses" className="font-semibold text-brand-700 underline">{t('change')}</Link>
            </div>
          )}
          {methods.length === 0 ? <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">{t('noMethod')}</p> : (
            <form action={chooseShippingAction} className="grid gap-4">
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-lg font-bold text-brand-900">{t('methodsLegend')}</legend>
                {methods.map((method, index) => (
                  <label key={method.code} className="flex items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                    <input type="radio" name="method" value={method.code} defaultChecked={current ? method.code === current : index === 0} required className="mt-1 size-4" />
                    <span className="flex-1">
                      <span className="block font-semibold text-slate-900">{method.name}</span>
                      {method.description && <span className="block text-sm text-slate-700">{method.description}</span>}
                    </span>
                    <span className="font-bold text-brand-900">{method.price === 0 ? t('free') : formatPrice(method.price, cart.currencyCode)}</span>
                  </label>
                ))}
              </fieldset>
              <div>
                <button type="submit" className="rounded-md bg-accent-700 px-6 py-3 text-lg font-semibold text-white hover:bg-accent-800">{t('toPayment')}</button>
              </div>
            </form>
          )}
        </section>
        <OrderSummary order={cart} shippingKnown={checkoutState(cart) === 'shipping'} />
      </div>
    </>
  );
}
