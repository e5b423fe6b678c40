/**
 * The sandbox provider's checkout page (`/sandbox/checkout/{session}`): it shows the order's number and
 * the amount and lets the visitor pay or cancel, then sends them back to the storefront. No money moves:
 * the page is registered only while the sandbox is the provider payments open with (never for a public
 * shop, which the server's start-up refuses), so a switch to Stripe leaves no sandbox payment that can
 * still be paid. Its "pay" is the sandbox's confirmation: the same confirmPayment as any webhook.
 */
import type { FastifyPluginAsync } from 'fastify';
import { closePayment, confirmPayment, findPaymentBySession } from '../../db/payments.js';
import { orderNumber } from '../../domain/checkout.js';
import { notFound } from '../../http/errors.js';
import { afterConfirmation } from '../confirmed.js';
import type { AppContext } from '../../context.js';
import { SANDBOX } from './provider.js';

const euros = (cents: number) => (cents / 100).toLocaleString('fr-FR', { style: 'currency', currency: 'EUR' });
const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const sandboxCheckoutPage: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db, now } = context;
  // The page's buttons post empty forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );

  app.get<{ Params: { session: string } }>('/sandbox/checkout/:session', async (request, reply) => {
    const payment = await findPaymentBySession(db, request.params.session);
    if (!payment) throw notFound();
    const open = payment.state === 'new' && payment.expiresAt > now();
    const action = (path: string) => `/sandbox/checkout/${encodeURIComponent(payment.sessionId)}/${path}`;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Paiement de test – Pièces Auto Recyclées</title>
<style>body{font-family:system-ui,Arial,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
.amount{font-size:2rem;font-weight:700}button{font-size:1rem;padding:.75rem 1.25rem;border-radius:.5rem;border:1px solid #1d4f91;margin:.25rem .5rem .25rem 0;cursor:pointer}
.demo{background:#fef3c7;border:1px solid #b45309;color:#78350f;padding:.5rem .75rem;border-radius:.5rem}.pay{background:#1d4f91;color:#fff}.cancel{background:#fff;color:#1d4f91}.note{color:#475569;font-size:.9rem}</style></head>
<body><main>
<p class="demo" role="note"><strong>Mode démonstration — aucun paiement réel</strong></p>
<h1>Paiement de test</h1>
<p class="note">Page de paiement factice de la boutique : aucune carte n’est demandée et aucun argent n’est prélevé.</p>
<p>Commande n° <strong>${escape(orderNumber(payment.orderId))}</strong></p>
<p class="amount">${escape(euros(payment.amount))}</p>
${
  open
    ? `<form method="post" action="${action('pay')}"><button class="pay" type="submit">Payer ${escape(euros(payment.amount))}</button></form>
<form method="post" action="${action('cancel')}"><button class="cancel" type="submit">Annuler et revenir à la boutique</button></form>`
    : `<p role="status">Ce paiement n’est plus ouvert (${payment.state === 'completed' ? 'déjà payé' : 'annulé ou expiré'}).</p>`
}
</main></body></html>`;
  });

  app.post<{ Params: { session: string } }>('/sandbox/checkout/:session/pay', async (request, reply) => {
    const payment = await findPaymentBySession(db, request.params.session);
    if (!payment || payment.provider !== SANDBOX) throw notFound();
    // Like a card network, the sandbox takes money only on an open, unexpired checkout, and exactly what it asks.
    if (payment.state === 'new' && payment.expiresAt <= now()) await closePayment(db, payment.id, 'expired', now());
    if (payment.state !== 'new' && payment.state !== 'completed') return reply.redirect(payment.afterCancelUrl, 303);
    const outcome = await confirmPayment(
      db,
      { paymentId: payment.id, amount: payment.amount, currencyCode: payment.currencyCode, reference: null },
      now(),
    );
    await afterConfirmation(context, outcome, request.log);
    return reply.redirect(
      outcome.kind === 'placed' || outcome.kind === 'replay' ? payment.afterSuccessUrl : payment.afterCancelUrl,
      303,
    );
  });

  app.post<{ Params: { session: string } }>('/sandbox/checkout/:session/cancel', async (request, reply) => {
    const payment = await findPaymentBySession(db, request.params.session);
    if (!payment || payment.provider !== SANDBOX) throw notFound();
    await closePayment(db, payment.id, 'cancelled', now());
    return reply.redirect(payment.afterCancelUrl, 303);
  });
};

export default sandboxCheckoutPage;
