/**
 * A local double of Stripe's API for the real SDK: Checkout Sessions (create, expire) and refunds,
 * recording what the SDK sends. Only what the shop uses; answers in Stripe's shapes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Json } from './call.js';

export interface StripeDouble {
  base: string;
  sessions: Json[];
  refunds: Json[];
  /** Session ids the shop asked Stripe to expire. */
  expired: string[];
  /** Answers 500 to the next `times` calls (the SDK retries twice). */
  fail(times: number): void;
  close(): Promise<void>;
}

export async function startStripeDouble(): Promise<StripeDouble> {
  const sessions: Json[] = [];
  const refunds: Json[] = [];
  const expired: string[] = [];
  let failures = 0;
  const reply = (response: import('node:http').ServerResponse, status: number, body: Json) => {
    response.statusCode = status;
    response.end(JSON.stringify(body));
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (failures > 0 && request.method === 'POST') {
        failures -= 1;
        reply(response, 500, { error: { type: 'api_error', message: 'Stripe est en panne' } });
        return;
      }
      const form = new URLSearchParams(body);
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
        const amounts = [...form.entries()]
          .filter(([key]) => /^line_items\[\d+\]\[price_data\]\[unit_amount\]$/.test(key))
          .map(([, v]) => Number(v));
        const n = sessions.length + 1;
        const session = {
          id: `cs_test_${n}`,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/cs_test_${n}`,
          status: 'open',
          payment_intent: `pi_test_${n}`,
          amount_total: amounts.reduce((a, b) => a + b, 0),
          currency: form.get('line_items[0][price_data][currency]'),
          form: Object.fromEntries(form),
          idempotencyKey: request.headers['idempotency-key'],
        };
        sessions.push(session);
        reply(response, 200, session);
        return;
      }
      const expire =
        request.method === 'POST' ? /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(request.url ?? '') : null;
      if (expire) {
        const session = sessions.find((s) => s.id === expire[1]);
        if (!session)
          return reply(response, 404, {
            error: { type: 'invalid_request_error', message: 'No such checkout.session' },
          });
        if (session.status !== 'open')
          return reply(response, 400, {
            error: { type: 'invalid_request_error', message: `Session is ${session.status}` },
          });
        session.status = 'expired';
        expired.push(session.id);
        return reply(response, 200, session);
      }
      if (request.method === 'POST' && request.url === '/v1/refunds') {
        const refund = {
          id: `re_test_${refunds.length + 1}`,
          object: 'refund',
          status: 'succeeded',
          payment_intent: form.get('payment_intent'),
          amount: Number(form.get('amount') ?? 0) || null,
          idempotencyKey: request.headers['idempotency-key'],
        };
        refunds.push(refund);
        return reply(response, 200, refund);
      }
      reply(response, 404, { error: { type: 'invalid_request_error', message: 'unknown' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sessions,
    refunds,
    expired,
    fail: (times: number) => {
      failures = times;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
