/**
 * Paying an order (contract §6): `POST /orders/{token}/pay` holds the parts and opens a checkout,
 * answering `{checkoutUrl}`; the order is paid only when the provider confirms. Without a Stripe key
 * the provider is this server's sandbox page (`/sandbox/checkout/{session}`): it shows the amount and
 * lets the visitor pay or cancel, then sends them back to the storefront. No real money: never run a
 * public shop on the sandbox.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { attachCheckout, closePayment, confirmPayment, expireStalePayments, findPaymentBySession, HoldError, openPayment } from '../db/payments.js';
import { findOrder, listShippingMethods } from '../db/orders.js';
import { CART_MESSAGES } from '../domain/cart.js';
import { CHECKOUT_MESSAGES, orderNumber } from '../domain/checkout.js';
import { apply, canApply, CHECKOUT } from '../domain/order-states.js';
import { newToken } from '../domain/secrets.js';
import { HttpError, notFound, ViolationError } from '../http/errors.js';
import { API_PREFIX, iri, item } from '../http/jsonld.js';
import { afterConfirmation, closeCheckouts } from '../payments/confirmed.js';
import { orderFields } from './orders.js';
import { accessibleOrder } from '../auth/order-access.js';
import type { AppContext } from '../app.js';

/** A checkout stays open (and its parts held) this long. */
export const CHECKOUT_TTL_MS = 30 * 60_000;

export const PAY_MESSAGES = {
  notReady: 'Choisissez d’abord l’adresse et le mode de livraison.',
  badUrl: 'Adresse de retour refusée : elle doit mener à la boutique.',
  notPaid: 'Le paiement de cette commande n’est pas encore confirmé.',
  opening: 'Le paiement de cette commande est en cours d’ouverture : réessayez dans un instant.',
  changed: 'Votre commande vient de changer : vérifiez-la puis relancez le paiement.',
} as const;

const euros = (cents: number) => (cents / 100).toLocaleString('fr-FR', { style: 'currency', currency: 'EUR' });
const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const paymentsRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db, jwt, now, siteUrl, paymentProvider } = context;
  // The sandbox's buttons post empty forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
  const siteOrigin = new URL(siteUrl).origin;
  const isShopUrl = (value: string) => {
    try {
      return new URL(value).origin === siteOrigin;
    } catch {
      return false;
    }
  };

  const accessible = (request: FastifyRequest, token: string) => accessibleOrder(db, jwt, request, token);

  app.post<{ Params: { token: string }; Body: { afterSuccessUrl: string; afterCancelUrl: string } }>(`${API_PREFIX}/orders/:token/pay`, {
    schema: {
      body: {
        type: 'object', required: ['afterSuccessUrl', 'afterCancelUrl'],
        properties: { afterSuccessUrl: { type: 'string', maxLength: 2000 }, afterCancelUrl: { type: 'string', maxLength: 2000 } },
      },
    },
  }, async (request) => {
    const { order, items } = await accessible(request, request.params.token);
    const { afterSuccessUrl, afterCancelUrl } = request.body;
    if (!isShopUrl(afterSuccessUrl) || !isShopUrl(afterCancelUrl)) throw new ViolationError([{ propertyPath: 'afterSuccessUrl', message: PAY_MESSAGES.badUrl }]);
    await expireStalePayments(db, now());
    const expiresAt = new Date(now().getTime() + CHECKOUT_TTL_MS);
    let opened;
    try {
      // The amount is the order's total read under the order's lock, and every part is held for this
      // payment before any checkout opens: no checkout for a part someone else is paying for.
      opened = await openPayment(db, {
        orderId: order.id, provider: paymentProvider.name, sessionId: `pending_${newToken(16)}`, afterSuccessUrl, afterCancelUrl, expiresAt,
      }, now());
    } catch (error) {
      if (error instanceof HoldError) {
        const nameOf = (code: string) => items.find((row) => row.variantCode === code)?.productName ?? code;
        throw new ViolationError(error.variantCodes.map((code) => ({ propertyPath: 'items', message: `${nameOf(code)} : ${CART_MESSAGES.reserved}` })));
      }
      throw error;
    }
    if (opened.kind === 'placed') throw new ViolationError([{ propertyPath: '', message: CHECKOUT_MESSAGES.completed }]);
    if (opened.kind === 'empty') throw new ViolationError([{ propertyPath: '', message: CHECKOUT_MESSAGES.empty }]);
    if (opened.kind === 'not_ready') throw new ViolationError([{ propertyPath: '', message: PAY_MESSAGES.notReady }]);
    // Asking again while a checkout is open returns it (a double click must not hold twice).
    if (opened.kind === 'existing' && opened.payment.checkoutUrl) return { checkoutUrl: opened.payment.checkoutUrl };
    if (opened.kind === 'existing') throw new HttpError(409, PAY_MESSAGES.opening);
    const payment = opened.payment;
    // The checkout's lines are the order as the payment froze it.
    const frozen = (await findOrder(db, order.tokenValue))!;
    const method = frozen.shipment ? (await listShippingMethods(db)).find((m) => m.code === frozen.shipment!.methodCode) : undefined;
    const lines = [
      ...frozen.items.map((row) => ({ name: row.productName, amount: row.unitPrice })),
      ...(frozen.order.shippingTotal > 0 ? [{ name: `Livraison : ${method?.name ?? frozen.shipment?.methodCode ?? ''}`, amount: frozen.order.shippingTotal }] : []),
    ];
    if (lines.reduce((sum, line) => sum + line.amount, 0) !== payment.amount) {
      // The order changed between the two reads: that change cancelled this payment; the shopper pays again.
      throw new HttpError(409, PAY_MESSAGES.changed);
    }
    let checkout;
    try {
      checkout = await paymentProvider.openCheckout({
        paymentId: payment.id, orderToken: order.tokenValue, currencyCode: payment.currencyCode, lines,
        successUrl: afterSuccessUrl, cancelUrl: afterCancelUrl, expiresAt,
      });
    } catch (error) {
      request.log.error({ err: error }, 'payment provider failed');
      await closePayment(db, payment.id, 'cancelled', now());
      throw new HttpError(502, 'Le paiement par carte est momentanément indisponible. Réessayez dans quelques minutes.');
    }
    const attached = await attachCheckout(db, payment.id, checkout.sessionId, checkout.url);
    if (!attached) {
      // Cancelled while the provider opened it (the cart changed): that checkout must take no money.
      await closeCheckouts(context, [{ ...payment, sessionId: checkout.sessionId }], request.log);
      throw new HttpError(409, PAY_MESSAGES.changed);
    }
    return { checkoutUrl: attached.checkoutUrl };
  });

  app.patch<{ Params: { token: string } }>(`${API_PREFIX}/orders/:token/complete`, async (request) => {
    const found = await accessible(request, request.params.token);
    if (found.order.paymentState !== 'paid') throw new ViolationError([{ propertyPath: '', message: PAY_MESSAGES.notPaid }]);
    return item('Order', iri('orders', found.order.tokenValue), orderFields(found, { withState: true }));
  });

  // The sandbox checkout page.
  app.get<{ Params: { session: string } }>('/sandbox/checkout/:session', async (request, reply) => {
    const payment = await findPaymentBySession(db, request.params.session);
    if (!payment) throw notFound();
    const found = await db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, payment.orderId) });
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
<p>Commande n° <strong>${escape(found ? orderNumber(found.id) : '')}</strong></p>
<p class="amount">${escape(euros(payment.amount))}</p>
${open ? `<form method="post" action="${action('pay')}"><button class="pay" type="submit">Payer ${escape(euros(payment.amount))}</button></form>
<form method="post" action="${action('cancel')}"><button class="cancel" type="submit">Annuler et revenir à la boutique</button></form>`
    : `<p role="status">Ce paiement n’est plus ouvert (${payment.state === 'completed' ? 'déjà payé' : 'annulé ou expiré'}).</p>`}
</main></body></html>`;
  });

  app.post<{ Params: { session: string } }>('/sandbox/checkout/:session/pay', async (request, reply) => {
    const payment = await findPaymentBySession(db, request.params.session);
    if (!payment || payment.provider !== 'sandbox') throw notFound();
    // Like a card network, the sandbox takes money only on an open, unexpired checkout, and exactly what it asks.
    if (payment.state === 'new' && payment.expiresAt <= now()) await closePayment(db, payment.id, 'expired', now());
    if (payment.state !== 'new' && payment.state !== 'completed') return reply.redirect(payment.afterCancelUrl, 303);
    const outcome = await confirmPayment(db, { paymentId: payment.id, amount: payment.amount, currencyCode: payment.currencyCode, reference: null }, now());
    await afterConfirmation(context, outcome, request.log);
    return reply.redirect(outcome.kind === 'placed' || outcome.kind === 'replay' ? payment.afterSuccessUrl : payment.afterCancelUrl, 303);
  });

  app.post<{ Params: { session: string } }>('/sandbox/checkout/:session/cancel', async (request, reply) => {
    const payment = await findPaymentBySession(db, request.params.session);
    if (!payment || payment.provider !== 'sandbox') throw notFound();
    await closePayment(db, payment.id, 'cancelled', now());
    return reply.redirect(payment.afterCancelUrl, 303);
  });
};

export default paymentsRoutes;
