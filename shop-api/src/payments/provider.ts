/**
 * What the shop asks of a payment provider. A provider opens checkouts, closes one the shop no longer
 * wants (the order changed), and gives back money it took for a payment that could not place its
 * order; payments complete only on the provider's confirmation, which a provider with webhooks sends to
 * the one webhook route (`routes/payment-webhooks.ts`) and which only its own handler can read.
 * The providers themselves live one folder each under `payments/`, listed in `payments/registry.ts`.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentRow } from '../db/payments.js';

export interface CheckoutRequest {
  paymentId: number;
  orderToken: string;
  currencyCode: string;
  lines: { name: string; amount: number }[];
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface PaymentProvider {
  /** The registry name, recorded on each payment (`payments.provider`): closing and refunds go back to it. */
  name: string;
  openCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Closes the payment's checkout so it can no longer take money (already closed or paid: no error). */
  closeCheckout(payment: PaymentRow): Promise<void>;
  /** Gives back all the money captured for the payment. */
  refund(payment: PaymentRow): Promise<void>;
}

/**
 * What a provider's webhook says happened, once its signature is verified. The shared route, not the
 * provider, turns it into the shop's writes: one confirmation path for every provider.
 */
export type WebhookEvent =
  /** The signature does not cover these bytes (or is missing): nothing may change. */
  | { kind: 'refused'; message: string }
  /** Signed, but about nothing the shop acts on (another event type, a checkout not paid yet). */
  | { kind: 'ignored' }
  | {
      kind: 'captured';
      sessionId: string;
      /** What the provider took, in cents, and in which currency: confirmPayment checks it against the order. */
      amount: number;
      currencyCode: string;
      /** The provider's reference of the money, needed to refund it. */
      reference: string | null;
      /** Gives the money back when no payment of the shop has this checkout (its cart was erased with the account). */
      refundOrphan?: () => Promise<void>;
    }
  /** The checkout ended without money: its payment closes and its parts go back on sale. */
  | { kind: 'closed'; sessionId: string; state: 'expired' | 'cancelled' };

export interface PaymentWebhook {
  /** Verifies the signature over the exact bytes received, then reads the event. */
  read(delivery: { body: Buffer; headers: IncomingHttpHeaders }): Promise<WebhookEvent>;
}

/** A provider by name, from providers keyed by name (a name like `constructor` finds nothing). */
export function providerNamed<T>(providers: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(providers, name) ? providers[name] : undefined;
}
