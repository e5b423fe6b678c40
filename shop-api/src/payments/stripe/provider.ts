/** Stripe Checkout: a Checkout Session per payment, expired when the shop closes it, refunded by payment intent. */
import Stripe from 'stripe';
import type { PaymentProvider } from '../provider.js';

export const STRIPE = 'stripe';

export function stripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: STRIPE,
    async openCheckout(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: request.lines.map((line) => ({
            quantity: 1,
            price_data: {
              currency: request.currencyCode.toLowerCase(),
              unit_amount: line.amount,
              product_data: { name: line.name },
            },
          })),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.orderToken,
          metadata: { order_token: request.orderToken, payment_id: String(request.paymentId) },
          // Stripe keeps a checkout open 30 minutes at least: the holds last as long.
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          locale: 'fr',
        },
        { idempotencyKey: `payment-${request.paymentId}` },
      );
      if (!session.url) throw new Error('Stripe did not return a checkout URL');
      return { sessionId: session.id, url: session.url };
    },
    async closeCheckout(payment) {
      if (!payment.sessionId.startsWith('cs_')) return;
      try {
        await stripe.checkout.sessions.expire(payment.sessionId);
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open: paid (its webhook will ask a refund) or expired.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    },
    async refund(payment) {
      if (!payment.providerReference) throw new Error(`payment ${payment.id} has no payment intent to refund`);
      await stripe.refunds.create(
        { payment_intent: payment.providerReference },
        { idempotencyKey: `refund-${payment.id}` },
      );
    },
  };
}
