/**
 * Stripe's confirmations (design §3): `checkout.session.completed` with `payment_status: paid`
 * completes the payment — after the signature is verified on the raw body, and only if the amount and
 * currency are the payment's own; `checkout.session.expired` releases the holds. Replays change
 * nothing: the payment completes once.
 */
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { closePayment, completePayment, findPaymentBySession } from '../db/payments.js';
import { HttpError } from '../http/errors.js';
import { API_PREFIX } from '../http/jsonld.js';
import { afterConfirmedPayment } from '../payments/confirmed.js';
import type { AppContext } from '../app.js';

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
      event = stripeWebhook.stripe.webhooks.constructEvent(request.body as Buffer, String(signature ?? ''), stripeWebhook.secret);
    } catch {
      throw new HttpError(400, 'Signature Stripe invalide.');
    }
    if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.expired') return { received: true, handled: false };
    const session = event.data.object as Stripe.Checkout.Session;
    const payment = await findPaymentBySession(db, session.id);
    if (!payment) return { received: true, handled: false };
    if (event.type === 'checkout.session.expired') {
      await closePayment(db, payment.id, 'expired');
      return { received: true, handled: true };
    }
    if (session.payment_status !== 'paid') return { received: true, handled: false };
    if (session.amount_total !== payment.amount || session.currency?.toUpperCase() !== payment.currencyCode) {
      request.log.error({ sessionId: session.id, amount: session.amount_total, expected: payment.amount }, 'Stripe amount mismatch: payment not completed');
      throw new HttpError(422, 'Montant ou devise différents de la commande : paiement refusé.');
    }
    const completed = await completePayment(db, payment.id, now());
    if (completed) await afterConfirmedPayment(context, completed, request.log);
    return { received: true, handled: Boolean(completed) };
  });
};

export default stripeWebhooksRoutes;
