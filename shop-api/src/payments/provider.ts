/**
 * Where a customer pays: the sandbox page of this server, or Stripe Checkout. A provider opens
 * checkouts, closes one the shop no longer wants (the order changed), and gives back money it took for
 * a payment that could not place its order; payments complete only on the provider's confirmation.
 */
import Stripe from 'stripe';
import type { PaymentRow } from '../db/payments.js';

interface CheckoutRequest {
  paymentId: number;
  orderToken: string;
  currencyCode: string;
  lines: { name: string; amount: number }[];
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface PaymentProvider {
  name: 'sandbox' | 'stripe';
  openCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Closes the payment's checkout so it can no longer take money (already closed or paid: no error). */
  closeCheckout(payment: PaymentRow): Promise<void>;
  /** Gives back all the money captured for the payment. */
  refund(payment: PaymentRow): Promise<void>;
}

/** The sandbox takes no money: its page refuses a closed payment, and there is nothing to give back. */
export function sandboxProvider(publicUrl: string, newSessionId: () => string): PaymentProvider {
  return {
    name: 'sandbox',
    async openCheckout() {
      const sessionId = `sbx_${newSessionId()}`;
      return { sessionId, url: `${publicUrl}/sandbox/checkout/${sessionId}` };
    },
    async closeCheckout() {},
    async refund() {},
  };
}

export interface StripeSettings {
  secretKey: string;
  /** Another API address (tests: a local double of Stripe's API), e.g. http://127.0.0.1:12111. */
  apiBase?: string;
}

export function stripeClient({ secretKey, apiBase }: StripeSettings): Stripe {
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(
    secretKey,
    base
      ? {
          host: base.hostname,
          port: Number(base.port),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
          maxNetworkRetries: 2,
        }
      : { maxNetworkRetries: 2 },
  );
}

export function stripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
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
