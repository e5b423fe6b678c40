/**
 * Stripe's confirmations, read after the signature is verified on the exact bytes Stripe sent.
 * `checkout.session.completed` with `payment_status: paid` is money captured (the shared route hands it
 * to confirmPayment, which places the order only if it is the order's total now and the payment still
 * holds every part); `checkout.session.expired` closes the payment. Any other event changes nothing.
 */
import type Stripe from 'stripe';
import type { PaymentWebhook, WebhookEvent } from '../provider.js';

export function stripeWebhook(stripe: Stripe, secret: string): PaymentWebhook {
  return {
    async read({ body, headers }): Promise<WebhookEvent> {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(body, String(headers['stripe-signature'] ?? ''), secret);
      } catch {
        return { kind: 'refused', message: 'Signature Stripe invalide.' };
      }
      if (event.type === 'checkout.session.expired')
        return { kind: 'closed', sessionId: event.data.object.id, state: 'expired' };
      if (event.type !== 'checkout.session.completed') return { kind: 'ignored' };
      const session = event.data.object;
      if (session.payment_status !== 'paid') return { kind: 'ignored' };
      const paymentIntent =
        typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
      return {
        kind: 'captured',
        sessionId: session.id,
        amount: session.amount_total ?? 0,
        currencyCode: session.currency ?? '',
        reference: paymentIntent,
        // Only a checkout this shop opened carries its payment id; only money with an intent can go back.
        ...(session.metadata?.payment_id && paymentIntent
          ? {
              refundOrphan: async () => {
                await stripe.refunds.create(
                  { payment_intent: paymentIntent },
                  { idempotencyKey: `refund-orphan-${session.id}` },
                );
              },
            }
          : {}),
      };
    },
  };
}
