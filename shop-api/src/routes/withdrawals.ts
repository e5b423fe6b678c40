/**
 * The consumer's online withdrawal (the yard's extension; Code de la consommation L221-21, in force
 * since 19 June 2026): the order's owner reads whether they may still withdraw and from which parts,
 * then withdraws. Only what the law allows is asked (which parts; no reason); the request is recorded
 * and acknowledged by a dated mail. Someone else's order answers 404.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireCustomer } from '../auth/guard.js';
import { findCustomer } from '../db/customers.js';
import { findOrder, type OrderBundle, type WithdrawalRow } from '../db/orders.js';
import { itemsToWithdraw, WITHDRAWAL_MESSAGES, withdrawalStatus } from '../domain/withdrawal.js';
import { notFound, ViolationError } from '../http/errors.js';
import { API_PREFIX, iri, item, syliusDate } from '../http/jsonld.js';
import type { AppContext } from '../context.js';
import { withdraw } from '../use-cases/withdraw.js';

function withdrawalFields(row: WithdrawalRow, bundle: OrderBundle) {
  return {
    id: row.id,
    order: iri('orders', bundle.order.tokenValue),
    items: row.itemIds.map((id) => iri('order-items', id)),
    productNames: row.itemIds.map((id) => bundle.items.find((line) => line.id === id)?.productName ?? ''),
    requestedAt: syliusDate(row.requestedAt),
    acknowledgedAt: row.acknowledgedAt ? syliusDate(row.acknowledgedAt) : null,
  };
}

const withdrawalsRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db, jwt, now } = context;
  /** The signed-in customer's placed order with its status; 404 for anyone else and for carts. */
  async function ownOrder(request: FastifyRequest, token: string) {
    const claims = await requireCustomer(db, jwt, request);
    const bundle = await findOrder(db, token);
    if (!bundle || bundle.order.customerId !== claims.customerId || bundle.order.state === 'cart') throw notFound();
    const customer = await findCustomer(db, claims.customerId);
    if (!customer) throw notFound();
    const status = withdrawalStatus(
      {
        // The buyer's group when the order was placed: a professional who later calls themselves an
        // individual does not gain a consumer's right on it (older orders: the profile's).
        state: bundle.order.state,
        groupCode: bundle.order.customerGroupCode ?? customer.groupCode,
        fulfilledAt: bundle.order.fulfilledAt,
        itemIds: bundle.items.map((line) => line.id),
        withdrawnItemIds: bundle.withdrawals.flatMap((row) => row.itemIds),
      },
      now(),
    );
    return { bundle, customer, status };
  }

  const tokenParams = { type: 'object', properties: { token: { type: 'string', maxLength: 64 } } } as const;

  app.get<{ Params: { token: string } }>(
    `${API_PREFIX}/orders/:token/withdrawal`,
    { schema: { params: tokenParams } },
    async (request) => {
      const { bundle, status } = await ownOrder(request, request.params.token);
      return item('Withdrawal', `${iri('orders', bundle.order.tokenValue)}/withdrawal`, {
        open: status.open,
        reason: status.open ? null : WITHDRAWAL_MESSAGES[status.reason],
        deadline: status.deadline ? syliusDate(status.deadline) : null,
        withdrawableItems: status.open ? status.remainingItemIds.map((id) => iri('order-items', id)) : [],
        requests: bundle.withdrawals.map((row) => withdrawalFields(row, bundle)),
      });
    },
  );

  app.post<{ Params: { token: string }; Body: { items?: (string | number)[] } | null }>(
    `${API_PREFIX}/orders/:token/withdrawals`,
    {
      schema: {
        params: tokenParams,
        body: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: {
            items: { type: 'array', maxItems: 100, items: { type: ['string', 'integer'], maxLength: 200 } },
          },
        },
      },
    },
    async (request, reply) => {
      const { bundle, customer, status } = await ownOrder(request, request.params.token);
      if (!status.open) throw new ViolationError([{ propertyPath: '', message: WITHDRAWAL_MESSAGES[status.reason] }]);
      const requested = request.body?.items?.map((value) => Number(String(value).split('/').pop()));
      const itemIds = requested?.some((id) => !Number.isSafeInteger(id))
        ? null
        : itemsToWithdraw(requested, status.remainingItemIds);
      if (!itemIds) throw new ViolationError([{ propertyPath: 'items', message: WITHDRAWAL_MESSAGES.unknownItems }]);
      const row = await withdraw(context, { bundle, customer, itemIds, log: request.log });
      if (!row) throw new ViolationError([{ propertyPath: 'items', message: WITHDRAWAL_MESSAGES.unknownItems }]);
      return reply
        .status(201)
        .send(
          item(
            'Withdrawal',
            `${iri('orders', bundle.order.tokenValue)}/withdrawals/${row.id}`,
            withdrawalFields(row, bundle),
          ),
        );
    },
  );
};

export default withdrawalsRoutes;
