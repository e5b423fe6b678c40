/**
 * Banque d’essai's checkout page (`/banque-essai/{session}`), served by the shop API but reached under
 * the provider's own origin. « Payer » does what a card network does: it posts the signed webhook to
 * the shop's one webhook route, and only then sends the browser back to the storefront, whose return
 * places nothing. « Annuler » posts the cancellation the same way.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../src/context.js';
import type { CheckoutRequest } from '../../src/payments/provider.js';
import { NAME, SIGNATURE_HEADER, sign } from './signature.js';

/** The provider's own record of its checkouts, by session. */
export type Checkouts = Map<string, { request: CheckoutRequest; state: 'open' | 'paid' | 'closed' | 'refunded' }>;

const euros = (cents: number) => (cents / 100).toLocaleString('fr-FR', { style: 'currency', currency: 'EUR' });
const amountOf = (request: CheckoutRequest) => request.lines.reduce((sum, line) => sum + line.amount, 0);

export function checkoutPage(checkouts: Checkouts, secret: string): FastifyPluginAsync<AppContext> {
  return async (app) => {
    // The page's buttons post empty forms.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
      done(null, {}),
    );

    /** Tells the shop what happened, signed, as the provider's servers would. */
    const notify = async (event: Record<string, unknown>) => {
      const payload = JSON.stringify(event);
      const answer = await app.inject({
        method: 'POST',
        url: `/api/v2/shop/payment-webhooks/${NAME}`,
        payload,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(payload, secret) },
      });
      return answer.statusCode < 300;
    };

    app.get<{ Params: { session: string } }>('/banque-essai/:session', async (request, reply) => {
      const checkout = checkouts.get(request.params.session);
      if (!checkout) return reply.status(404).send({ message: 'Not Found' });
      const action = (path: string) => `/banque-essai/${encodeURIComponent(request.params.session)}/${path}`;
      const amount = euros(amountOf(checkout.request));
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Banque d’essai</title></head>
<body><main>
<h1>Banque d’essai</h1>
<p class="amount">${amount}</p>
${
  checkout.state === 'open'
    ? `<form method="post" action="${action('payer')}"><button type="submit">Payer ${amount}</button></form>
<form method="post" action="${action('annuler')}"><button type="submit">Annuler</button></form>`
    : '<p role="status">Ce paiement n’est plus ouvert.</p>'
}
</main></body></html>`;
    });

    app.post<{ Params: { session: string } }>('/banque-essai/:session/payer', async (request, reply) => {
      const checkout = checkouts.get(request.params.session);
      if (!checkout) return reply.status(404).send({ message: 'Not Found' });
      if (checkout.state !== 'open') return reply.redirect(checkout.request.cancelUrl, 303);
      checkout.state = 'paid';
      const { currencyCode: currency } = checkout.request;
      const confirmed = await notify({
        type: 'paid',
        session: request.params.session,
        amount: amountOf(checkout.request),
        currency,
      });
      return reply.redirect(confirmed ? checkout.request.successUrl : checkout.request.cancelUrl, 303);
    });

    app.post<{ Params: { session: string } }>('/banque-essai/:session/annuler', async (request, reply) => {
      const checkout = checkouts.get(request.params.session);
      if (!checkout) return reply.status(404).send({ message: 'Not Found' });
      if (checkout.state === 'open') {
        checkout.state = 'closed';
        await notify({ type: 'cancelled', session: request.params.session });
      }
      return reply.redirect(checkout.request.cancelUrl, 303);
    });
  };
}
