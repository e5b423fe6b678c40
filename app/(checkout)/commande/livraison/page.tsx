import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { CheckoutSteps } from '@/components/checkout/checkout-steps';
import { AddressLines, OrderSummary } from '@/components/checkout/order-summary';
import { ShippingStepForm } from '@/components/checkout/shipping-step-form';
import { getCart } from '@/lib/cart/server';
import { getShippingOptions } from '@/lib/checkout/server';
import { checkoutState, replacedChoiceReason, stepFor } from '@/lib/checkout/state';
import { formatPrice } from '@/lib/format/price';
import { lastSegment } from '@/lib/url/decode';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('checkout'))('steps.shipping') };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Step 2 ('Livraison'): the methods that can carry these parts, priced by the shop API, and
 * the recap of the order's amounts as the shop API computed them for the method chosen.
 */
export default async function ShippingStepPage({ searchParams }: { searchParams: SearchParams }) {
  const [t, cart, params] = await Promise.all([getTranslations('checkout'), getCart(), searchParams]);
  if (!cart || cart.items.length === 0) redirect('/panier');
  const state = checkoutState(cart);
  const step = stepFor('/commande/livraison', state);
  if (step !== '/commande/livraison') redirect(step);
  const methods = await getShippingOptions(cart.tokenValue);
  // The shop API gives a new order a default method; it counts as chosen once the shopper picked one.
  const chosen = state === 'shipping' ? lastSegment(cart.shipments[0]?.method) : null;
  const cancelled = params.paiement === 'annule';
  const intro = (
    <>
      <h1 id="step-title" className="mb-2 text-3xl font-bold text-brand-900">
        {t('shippingTitle')}
      </h1>
      <p className="mb-6 text-slate-700">{t('shippingIntro')}</p>
      {cart.shippingMethodReplaced && (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {replacedChoiceReason(cart.rememberedMethod, methods) === 'unfit'
            ? t('methodReplaced')
            : t('methodToConfirm')}
        </p>
      )}
      {cancelled && (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {t('paymentCancelled')}
        </p>
      )}
      {cart.shippingAddress && (
        <div className="mb-6 flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 p-4 text-sm">
          <div>
            <p className="font-semibold text-slate-900">{t('deliverTo')}</p>
            <AddressLines address={cart.shippingAddress} />
            {cart.licencePlates && (
              <p className="mt-2">
                {t('plateRecap')} : <span className="font-mono font-semibold">{cart.licencePlates}</span>
              </p>
            )}
          </div>
          <Link href="/commande/adresses" className="font-semibold text-brand-700 underline">
            {t('change')}
          </Link>
        </div>
      )}
    </>
  );
  const recap = <OrderSummary order={cart} />;
  return (
    <>
      <CheckoutSteps current="/commande/livraison" />
      {methods.length === 0 ? (
        <div className="grid gap-8 md:grid-cols-[1fr_18rem]">
          <section aria-labelledby="step-title">
            {intro}
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
              {t('noMethod')}
            </p>
          </section>
          {recap}
        </div>
      ) : (
        <ShippingStepForm
          methods={methods.map((method) => ({
            code: method.code,
            name: method.name,
            description: method.description,
            priceLabel: method.price === 0 ? t('free') : formatPrice(method.price, cart.currencyCode),
          }))}
          chosen={chosen}
          shownTotal={chosen ? cart.total : null}
          intro={intro}
          recap={recap}
        />
      )}
    </>
  );
}
