/**
 * Paying an order: `POST /orders/{token}/pay` (the use case `use-cases/pay-order.ts`) holds the parts and opens a checkout,
 * answering `{checkoutUrl}`; the order is paid only when the provider confirms. Without a Stripe key
 * the provider is this server's sandbox page (`/sandbox/checkout/{session}`): it shows the amount and
 * lets the visitor pay or cancel, then sends them back to the storefront. No real money: never run a
 * public shop on the sandbox.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ViolationError } from '../http/errors.js';
import { API_PREFIX, iri, item } from '../http/jsonld.js';
import { PAY_MESSAGES, payOrder } from '../use-cases/pay-order.js';
import { orderFields } from '../serialisers/orders.js';
import { accessibleOrder } from '../auth/order-access.js';
import type { AppContext } from '../context.js';

const paymentsRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db, jwt } = context;

  const accessible = (request: FastifyRequest, token: string) => accessibleOrder(db, jwt, request, token);

  app.post<{ Params: { token: string }; Body: { afterSuccessUrl: string; afterCancelUrl: string } }>(
    `${API_PREFIX}/orders/:token/pay`,
    {
      schema: {
        body: {
          type: 'object',
          required: ['afterSuccessUrl', 'afterCancelUrl'],
          properties: {
            afterSuccessUrl: { type: 'string', maxLength: 2000 },
            afterCancelUrl: { type: 'string', maxLength: 2000 },
          },
        },
      },
    },
    async (request) =>
      payOrder(context, {
        order: await accessible(request, request.params.token),
        afterSuccessUrl: request.body.afterSuccessUrl,
        afterCancelUrl: request.body.afterCancelUrl,
        log: request.log,
      }),
  );

  app.patch<{ Params: { token: string } }>(`${API_PREFIX}/orders/:token/complete`, async (request) => {
    const found = await accessible(request, request.params.token);
    if (found.order.paymentState !== 'paid')
      throw new ViolationError([{ propertyPath: '', message: PAY_MESSAGES.notPaid }]);
    return item('Order', iri('orders', found.order.tokenValue), orderFields(found, { withState: true }));
  });
};

export default paymentsRoutes;
