import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeClient, stripeProvider } from '../src/payments/provider.js';
import { STRIPE_WEBHOOK_PATH } from '../src/routes/stripe-webhooks.js';
import { startTestShop, type TestShop } from './helpers/backends.js';

const API = '/api/v2/shop';
const SECRET = 'whsec_test_secret_for_the_double';
const urls = { afterSuccessUrl: 'http://localhost:3000/commande/valide', afterCancelUrl: 'http://localhost:3000/commande/livraison' };
const address = { firstName: 'Léa', lastName: 'Martin', street: '12 rue des Forges', city: 'Douai', postcode: '59500', countryCode: 'FR' };
type Json = Record<string, any>;

/** A local double of Stripe's API: Checkout Sessions only, recording what the real SDK sends. */
async function startStripeDouble() {
  const sessions: Json[] = [];
  let failures = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => { body += chunk; });
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
        if (failures > 0) {
          failures -= 1;
          response.statusCode = 500;
          response.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe est en panne' } }));
          return;
        }
        const form = new URLSearchParams(body);
        const amounts = [...form.entries()].filter(([key]) => /^line_items\[\d+\]\[price_data\]\[unit_amount\]$/.test(key)).map(([, v]) => Number(v));
        const session = {
          id: `cs_test_${sessions.length + 1}`, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/cs_test_${sessions.length + 1}`,
          amount_total: amounts.reduce((a, b) => a + b, 0), currency: form.get('line_items[0][price_data][currency]'), form: Object.fromEntries(form),
          idempotencyKey: request.headers['idempotency-key'],
        };
        sessions.push(session);
        response.end(JSON.stringify(session));
        return;
      }
      response.statusCode = 404;
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sessions,
    /** Answers 500 to the next `times` calls (the SDK retries twice). */
    fail: (times: number) => { failures = times; },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('payment with Stripe Checkout (real SDK, local double of the API)', () => {
  let shop: TestShop;
  let double: Awaited<ReturnType<typeof startStripeDouble>>;
  let stripe: ReturnType<typeof stripeClient>;
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await shop.app.inject({
      method: method as 'GET', url, headers: { accept: 'application/ld+json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.statusCode, body: (response.body ? response.json() : null) as Json };
  };
  const webhook = (event: Json, secret = SECRET) => {
    const payload = JSON.stringify(event);
    return shop.app.inject({
      method: 'POST', url: STRIPE_WEBHOOK_PATH, payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    });
  };
  const completed = (session: Json, overrides: Json = {}) => ({
    id: `evt_${session.id}`, object: 'event', type: 'checkout.session.completed',
    data: { object: { id: session.id, object: 'checkout.session', payment_status: 'paid', amount_total: session.amount_total, currency: 'eur', ...overrides } },
  });
  async function readyCart(code: string) {
    const token = (await call('POST', `${API}/orders`, {})).body.tokenValue;
    await call('POST', `${API}/orders/${token}/items`, { productVariant: code });
    const addressed = (await call('PUT', `${API}/orders/${token}`, { billingAddress: address })).body;
    await call('PATCH', `${API}/orders/${token}/shipments/${addressed.shipments[0].id}`, { shippingMethod: 'colis' });
    return token as string;
  }
  const parts = async () => ((await call('GET', `${API}/products?itemsPerPage=100`)).body['hydra:member'] as Json[]).filter((p) => p.weight < 5);

  beforeAll(async () => {
    double = await startStripeDouble();
    stripe = stripeClient({ secretKey: 'sk_test_double', apiBase: double.base });
    shop = await startTestShop('pglite', 60, { paymentProvider: stripeProvider(stripe), stripeWebhook: { secret: SECRET, stripe } });
  });
  afterAll(async () => {
    await shop?.close();
    await double?.close();
  });

  it('opens a Checkout Session with EUR lines, the order in metadata and the return URLs, then pays on the signed webhook, once', async () => {
    const [part] = await parts();
    const token = await readyCart(part!.code);
    const paid = await call('POST', `${API}/orders/${token}/pay`, urls);
    expect(paid.body.checkoutUrl).toBe(double.sessions.at(-1)!.url);
    const session = double.sessions.at(-1)!;
    expect(session.form).toMatchObject({
      mode: 'payment', success_url: urls.afterSuccessUrl, cancel_url: urls.afterCancelUrl, 'metadata[order_token]': token,
      'line_items[0][price_data][currency]': 'eur', 'line_items[0][price_data][unit_amount]': String(part!.defaultVariantData.price),
      'line_items[1][price_data][product_data][name]': 'Livraison : Colis à domicile',
    });
    expect(session.idempotencyKey).toMatch(/^payment-\d+$/);
    expect((await call('GET', `${API}/orders/${token}`)).body.paymentState).toBe('cart');

    const first = await webhook(completed(session));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, handled: true });
    const order = (await call('GET', `${API}/orders/${token}`)).body;
    expect(order).toMatchObject({ paymentState: 'paid', checkoutState: 'completed', total: session.amount_total });
    const replay = await webhook(completed(session));
    expect(replay.statusCode).toBe(200);
    expect((await call('GET', `${API}/orders/${token}`)).body.number).toBe(order.number);
    expect((await call('GET', `${API}/products/${part!.code}`)).body.soldAt).not.toBeNull();
  });

  it('refuses a forged signature and a tampered amount; the order stays unpaid', async () => {
    const [, part] = await parts();
    const token = await readyCart(part!.code);
    await call('POST', `${API}/orders/${token}/pay`, urls);
    const session = double.sessions.at(-1)!;
    expect((await webhook(completed(session), 'whsec_another_secret')).statusCode).toBe(400);
    const unsigned = await shop.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, payload: JSON.stringify(completed(session)), headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    expect((await webhook(completed(session, { amount_total: 100 }))).statusCode).toBe(422);
    expect((await webhook(completed(session, { currency: 'usd' }))).statusCode).toBe(422);
    expect((await call('GET', `${API}/orders/${token}`)).body.paymentState).toBe('cart');
  });

  it('releases the parts when Stripe expires the session, and when Stripe cannot be reached', async () => {
    const [, , part, other] = await parts();
    const token = await readyCart(part!.code);
    const second = await readyCart(part!.code);
    await call('POST', `${API}/orders/${token}/pay`, urls);
    expect((await call('POST', `${API}/orders/${second}/pay`, urls)).status).toBe(422);
    const session = double.sessions.at(-1)!;
    await webhook({ id: 'evt_exp', object: 'event', type: 'checkout.session.expired', data: { object: { id: session.id, object: 'checkout.session' } } });
    expect((await call('POST', `${API}/orders/${second}/pay`, urls)).status).toBe(200);

    const down = await readyCart(other!.code);
    double.fail(3);
    const failed = await call('POST', `${API}/orders/${down}/pay`, urls);
    expect(failed.status).toBe(502);
    expect(failed.body['hydra:description']).toContain('momentanément indisponible');
    expect((await call('POST', `${API}/orders/${down}/pay`, urls)).status).toBe(200);
  });
});
