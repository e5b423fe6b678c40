import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { CheckoutSteps } from '@/components/checkout/checkout-steps';
import { getCart } from '@/lib/cart/server';
import { startPayment } from '@/lib/checkout/server';
import { checkoutState, stepFor } from '@/lib/checkout/state';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('checkout'))('steps.payment') };
}

/**
 * Step 3 ('Paiement'): on entry, starts the payment and leaves the site for the provider's
 * checkout URL. With none (a part taken meanwhile, the provider down), the route shows its error.
 */
export default async function PaymentStepPage() {
  const [t, cart] = await Promise.all([getTranslations('checkout'), getCart()]);
  if (!cart || cart.items.length === 0) redirect('/panier');
  const step = stepFor('/commande/stripe', checkoutState(cart));
  if (step !== '/commande/stripe') redirect(step);
  const payment = await startPayment(cart.tokenValue);
  if (payment.checkoutUrl !== null) redirect(payment.checkoutUrl);
  return (
    <>
      <CheckoutSteps current="/commande/stripe" />
      <section aria-labelledby="step-title" data-payment-error="true">
        <h1 id="step-title" className="text-3xl font-bold text-brand-900">
          {t('paymentTitle')}
        </h1>
        <div role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{t('paymentError')}</p>
          {payment.messages.length > 0 && (
            <ul className="mt-2 list-disc pl-5">
              {payment.messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
          <p className="mt-2">{t('paymentErrorHelp')}</p>
        </div>
        <p className="mt-6 flex flex-wrap gap-4">
          <Link
            href="/commande/livraison"
            className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            {t('backToShipping')}
          </Link>
          <Link
            href="/panier"
            className="rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
          >
            {t('backToCart')}
          </Link>
        </p>
      </section>
    </>
  );
}
