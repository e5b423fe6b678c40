/**
 * Stripe's confirmations, after the signature is verified on the raw body. `checkout.session.completed`
 * with `payment_status: paid` hands what Stripe captured to confirmPayment, which places the order only
 * if it is the order's total now and the payment still holds every part — otherwise the money is
 * refunded through the SDK. `checkout.session.expired` releases the holds. Replays, late and
 * out-of-order deliveries change nothing more: a payment completes, or is refunded, once.
 */
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { closePayment, confirmPayment, findPaymentBySession } from '../db/payments.js';
import { HttpError } from '../http/errors.js';
import { API_PREFIX } from '../http/jsonld.js';
import { afterConfirmation } from '../payments/confirmed.js';
import type { AppContext } from '../context.js';

export const STRIPE_WEBHOOK_PATH = `${API_PREFIX}/payment-webhooks/stripe`;

const stripeWebhooksRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db, now, stripeWebhook } = context;
  if (!stripeWebhook) return;
  // The signature covers the exact bytes Stripe sent: keep them (this plugin only).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(STRIPE_WEBHOOK_PATH, async (request) => {
    const signature = request.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      event = stripeWebhook.stripe.webhooks.constructEvent(
        request.body as Buffer,
        String(signature ?? ''),
        stripeWebhook.secret,
      );
    } catch {
      throw new HttpError(400, 'Signature Stripe invalide.');
    }
    if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.expired')
      return { received: true, handled: false };
    const session = event.data.object as Stripe.Checkout.Session;
    const paymentIntent =
      typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    const payment = await findPaymentBySession(db, session.id);
    if (!payment) {
      // Money for a checkout of ours whose payment is gone (its cart was erased with the account): give it back.
      if (
        event.type === 'checkout.session.completed' &&
        session.payment_status === 'paid' &&
        session.metadata?.payment_id &&
        paymentIntent
      ) {
        request.log.warn({ sessionId: session.id }, 'paid checkout without its payment: refunding');
        await stripeWebhook.stripe.refunds.create(
          { payment_intent: paymentIntent },
          { idempotencyKey: `refund-orphan-${session.id}` },
        );
        return { received: true, handled: true };
      }
      return { received: true, handled: false };
    }
    if (event.type === 'checkout.session.expired') {
      await closePayment(db, payment.id, 'expired', now());
      return { received: true, handled: true };
    }
    if (session.payment_status !== 'paid') return { received: true, handled: false };
    const outcome = await confirmPayment(
      db,
      {
        paymentId: payment.id,
        amount: session.amount_total ?? 0,
        currencyCode: session.currency ?? '',
        reference: paymentIntent,
      },
      now(),
    );
    await afterConfirmation(context, outcome, request.log);
    return {
      received: true,
      handled: outcome.kind === 'placed' || outcome.kind === 'refund',
      ...(outcome.kind === 'refund' ? { refunded: true } : {}),
    };
  });
};

export default stripeWebhooksRoutes;
