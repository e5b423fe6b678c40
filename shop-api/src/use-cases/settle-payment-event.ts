/**
 * What a provider's verified webhook event does to the shop, the same for every provider: money
 * captured goes to confirmPayment, which places the order only if it is the order's total now and the
 * payment still holds every part (otherwise the money is refunded through the payment's provider); a
 * checkout that ended without money closes its payment. Replays, late and out-of-order deliveries
 * change nothing more: a payment completes, or is refunded, once. A browser's redirect never gets here.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { closePayment, confirmPayment, findPaymentBySession } from '../db/payments.js';
import { afterConfirmation } from '../payments/confirmed.js';
import type { WebhookEvent } from '../payments/provider.js';

/** The answer to the provider: whether the event changed something, and whether money went back. */
export interface WebhookAnswer {
  received: true;
  handled: boolean;
  refunded?: true;
}

export async function settlePaymentEvent(
  context: AppContext,
  input: { provider: string; event: Exclude<WebhookEvent, { kind: 'refused' }>; log: FastifyBaseLogger },
): Promise<WebhookAnswer> {
  const { db, now } = context;
  const { provider, event, log } = input;
  if (event.kind === 'ignored') return { received: true, handled: false };
  const found = await findPaymentBySession(db, event.sessionId);
  // A provider speaks only for its own checkouts.
  const payment = found?.provider === provider ? found : null;
  if (!payment) {
    // Money for a checkout of ours whose payment is gone (its cart was erased with the account): give it back.
    if (event.kind === 'captured' && event.refundOrphan) {
      log.warn({ provider, sessionId: event.sessionId }, 'paid checkout without its payment: refunding');
      await event.refundOrphan();
      return { received: true, handled: true };
    }
    return { received: true, handled: false };
  }
  if (event.kind === 'closed') {
    await closePayment(db, payment.id, event.state, now());
    return { received: true, handled: true };
  }
  const outcome = await confirmPayment(
    db,
    { paymentId: payment.id, amount: event.amount, currencyCode: event.currencyCode, reference: event.reference },
    now(),
  );
  await afterConfirmation(context, outcome, log);
  return {
    received: true,
    handled: outcome.kind === 'placed' || outcome.kind === 'refund',
    ...(outcome.kind === 'refund' ? { refunded: true as const } : {}),
  };
}
