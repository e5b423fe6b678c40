import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { CheckoutSteps } from '@/components/checkout/checkout-steps';
import { OrderSummary } from '@/components/checkout/order-summary';
import { PaymentStart } from '@/components/checkout/payment-start';
import { getCart } from '@/lib/cart/server';
import { checkoutState, stepFor } from '@/lib/checkout/state';
import { paymentTerms } from '@/lib/payment/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('checkout'))('steps.payment'), robots: { index: false, follow: false } };
}

/**
 * Step 3 ('Paiement'): entering it starts the payment and leaves the site for the provider's checkout
 * URL. Rendering it changes nothing (a prefetch renders pages nobody opened): the page's form starts
 * the payment once shown to the shopper (`startPaymentAction`) when the delivery step led here;
 * otherwise, or without JavaScript, its button does, beside the recap whose total it carries.
 */
/** The navigation came from the shop's delivery step (same origin, that page as referrer). */
function cameFromDeliveryStep(request: Headers): boolean {
  if (request.get('sec-fetch-site') !== 'same-origin') return false;
  try {
    return new URL(request.get('referer') ?? '').pathname === '/commande/livraison';
  } catch {
    return false;
  }
}

export default async function PaymentStepPage() {
  const [t, cart, request, { label }] = await Promise.all([
    getTranslations('checkout'),
    getCart(),
    headers(),
    paymentTerms(),
  ]);
  if (!cart || cart.items.length === 0) redirect('/panier');
  const step = stepFor('/commande/paiement', checkoutState(cart));
  if (step !== '/commande/paiement') redirect(step);
  return (
    <>
      <CheckoutSteps current="/commande/paiement" />
      <div className="grid gap-8 md:grid-cols-[1fr_18rem]">
        <section aria-labelledby="step-title">
          <h1 id="step-title" className="text-3xl font-bold text-brand-900">
            {t('paymentTitle')}
          </h1>
          {label && <p className="mt-2 text-slate-700">{t('paymentAt', { provider: label })}</p>}
          <PaymentStart
            total={cart.total}
            // Only the shop's own delivery step starts the payment by itself: a stranger's link must not
            // hold the shopper's parts (decision 0025), whether it comes from another site, from a mail
            // or chat application (Sec-Fetch-Site none) or through the sign-in page's return address.
            // Anywhere else the step shows its button.
            autoStart={cameFromDeliveryStep(request)}
            texts={{
              opening: t('paymentOpening'),
              payNow: t('payNow'),
              error: t('paymentError'),
              errorHelp: t('paymentErrorHelp'),
              backToShipping: t('backToShipping'),
              backToCart: t('backToCart'),
            }}
          />
        </section>
        <OrderSummary order={cart} />
      </div>
    </>
  );
}
