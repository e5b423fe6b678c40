/**
 * The payment providers' confirmations: `POST /api/v2/shop/payment-webhooks/{provider}`, one route for
 * every provider of the registry. The provider's own reader verifies its signature on the exact bytes
 * received and says what happened; the shop's writes are the same for all (use-cases/settle-payment-event.ts).
 * A provider the shop does not run, or one without webhooks, is not found.
 */
import type { FastifyPluginAsync } from 'fastify';
import { HttpError, notFound } from '../http/errors.js';
import { API_PREFIX } from '../http/jsonld.js';
import { providerNamed } from '../payments/provider.js';
import { settlePaymentEvent } from '../use-cases/settle-payment-event.js';
import type { AppContext } from '../context.js';

const paymentWebhooksRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  // Signatures cover the exact bytes the provider sent, whatever their type: keep them (this plugin only).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post<{ Params: { provider: string } }>(`${API_PREFIX}/payment-webhooks/:provider`, async (request) => {
    const { provider } = request.params;
    const webhook = providerNamed(context.paymentWebhooks, provider);
    if (!webhook) throw notFound();
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const event = await webhook.read({ body, headers: request.headers });
    if (event.kind === 'refused') throw new HttpError(400, event.message);
    return settlePaymentEvent(context, { provider, event, log: request.log });
  });
};

export default paymentWebhooksRoutes;
