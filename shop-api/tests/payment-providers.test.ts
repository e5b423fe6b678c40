/**
 * The payment-provider seam, through a provider the shop has never heard of: a definition built here
 * and added to the registry given to buildApp, as a new folder under `src/payments/` would be. Its
 * checkout opens through `/orders/{token}/pay`, its signed webhook at `/payment-webhooks/fauxpay`
 * places the order through the shared route, and closing and refunds go to each payment's own provider.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../src/db/schema.js';
import type { PaymentProviderDefinition } from '../src/payments/definition.js';
import type { CheckoutRequest } from '../src/payments/provider.js';
import { PAYMENT_PROVIDERS } from '../src/payments/registry.js';
import { sweepPayments } from '../src/payments/sweep.js';
import { startTestShop, type TestShop } from './helpers/backends.js';
import { createJwtService } from '../src/auth/jwt.js';
import { buyers } from './helpers/buyers.js';
import { jsonCaller, type Json } from './helpers/call.js';
import { LEA_ADDRESS } from './helpers/address.js';
import banqueEssai from './payment-provider/definition.js';

const API = '/api/v2/shop';
const SITE = 'http://localhost:3000';
const urls = { afterSuccessUrl: `${SITE}/commande/valide`, afterCancelUrl: `${SITE}/commande/livraison` };
const SECRET = 'fauxpay-signing-secret-of-the-tests';
const address = LEA_ADDRESS;

const hmac = (body: string | Buffer, secret: string) => createHmac('sha256', secret).update(body).digest('hex');

/** What the fake provider was asked to do. */
const calls = { opened: [] as CheckoutRequest[], closed: [] as string[], refunded: [] as number[] };

/** A provider taking "real" money, with HMAC-signed webhooks and a page of its own. */
const fauxpay: PaymentProviderDefinition = {
  name: 'fauxpay',
  environment: { fauxpaySecret: 'FAUXPAY_SECRET' },
  realMoney: { label: 'FauxPay', keySetting: 'fauxpaySecret', required: 'FAUXPAY_SECRET', problem: () => null },
  storefront: { label: 'FauxPay', checkoutOrigins: () => ['https://fauxpay.test'] },
  build: (settings) => ({
    provider: {
      name: 'fauxpay',
      async openCheckout(request) {
        calls.opened.push(request);
        const sessionId = `fp_${request.paymentId}`;
        return { sessionId, url: `https://fauxpay.test/checkout/${sessionId}` };
      },
      async closeCheckout(payment) {
        calls.closed.push(payment.sessionId);
      },
      async refund(payment) {
        calls.refunded.push(payment.id);
      },
    },
    webhook: {
      async read({ body, headers }) {
        const given = Buffer.from(String(headers['fauxpay-signature'] ?? ''));
        const expected = Buffer.from(hmac(body, settings.fauxpaySecret!));
        if (given.length !== expected.length || !timingSafeEqual(given, expected))
          return { kind: 'refused', message: 'Signature FauxPay invalide.' };
        const event = JSON.parse(body.toString('utf8'));
        if (event.type === 'paid')
          return {
            kind: 'captured',
            sessionId: event.session,
            amount: event.amount,
            currencyCode: event.currency,
            reference: `fp_charge_${event.session}`,
          };
        if (event.type === 'expired') return { kind: 'closed', sessionId: event.session, state: 'expired' };
        return { kind: 'ignored' };
      },
    },
    routes: async (app) => {
      app.get('/fauxpay/status', async () => ({ provider: 'fauxpay' }));
    },
  }),
};

describe('a payment provider added to the registry', () => {
  let shop: TestShop;
  const jwt = createJwtService(new TextEncoder().encode('payment-providers-signing-key-of-enough-length'));
  const buyer = buyers(() => shop, jwt);
  const call = jsonCaller(() => shop, buyer.tokenFor);
  /** Posts `event` as the provider would: the signature covers these exact bytes (indented on purpose). */
  const webhook = (event: Json, { secret = SECRET, provider = 'fauxpay', signed }: Json = {}) => {
    const payload = JSON.stringify(event, null, 2);
    return shop.app.inject({
      method: 'POST',
      url: `${API}/payment-webhooks/${provider}`,
      payload,
      headers: { 'content-type': 'application/json', 'fauxpay-signature': hmac(signed ?? payload, secret) },
    });
  };
  const parts = async () =>
    ((await call('GET', `${API}/products?itemsPerPage=100`)).body['hydra:member'] as Json[]).filter(
      (p) => p.weight < 5,
    );
  async function readyCart(code: string) {
    const token = (await call('POST', `${API}/orders`, {})).body.tokenValue as string;
    await buyer.give(token);
    expect((await call('POST', `${API}/orders/${token}/items`, { productVariant: code })).status).toBe(201);
    const addressed = (await call('PUT', `${API}/orders/${token}`, { billingAddress: address })).body;
    await call('PATCH', `${API}/orders/${token}/shipments/${addressed.shipments[0].id}`, { shippingMethod: 'colis' });
    return token;
  }
  const paymentOf = async (sessionId: string) =>
    (await shop.database.db.select().from(payments).where(eq(payments.sessionId, sessionId)))[0]!;
  const soldAt = async (code: string) => (await call('GET', `${API}/products/${code}`)).body.soldAt;

  beforeAll(async () => {
    shop = await startTestShop('pglite', 40, {
      paymentRegistry: [...PAYMENT_PROVIDERS, fauxpay],
      paymentProvider: 'fauxpay',
      paymentSettings: { fauxpaySecret: SECRET },
      jwt,
    });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('opens its checkout through /orders/{token}/pay, serves its own routes, and not the sandbox page', async () => {
    const [part] = await parts();
    const token = await readyCart(part!.code);
    const paid = await call('POST', `${API}/orders/${token}/pay`, urls);
    expect(paid.status).toBe(200);
    const request = calls.opened.at(-1)!;
    expect(paid.body.checkoutUrl).toBe(`https://fauxpay.test/checkout/fp_${request.paymentId}`);
    const order = (await call('GET', `${API}/orders/${token}`)).body;
    expect(request).toMatchObject({ orderToken: token, currencyCode: 'EUR', successUrl: urls.afterSuccessUrl });
    expect(request.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(order.total);
    expect(await paymentOf(`fp_${request.paymentId}`)).toMatchObject({ provider: 'fauxpay', state: 'new' });

    expect((await call('GET', '/fauxpay/status')).body).toEqual({ provider: 'fauxpay' });
    const routes = shop.app.routeList.map((route) => `${route.method} ${route.url}`);
    expect(routes).toContain(`POST ${API}/payment-webhooks/:provider`);
    expect(routes.filter((route) => route.includes('/sandbox/'))).toEqual([]);
  });

  it('tells the storefront on the channel its name for shoppers, that it takes real money, and its checkout origin', async () => {
    const channel = await call('GET', `${API}/channels/WEB`);
    expect(channel.status).toBe(200);
    expect(channel.body.paymentProvider).toEqual({
      label: 'FauxPay',
      realMoney: true,
      checkoutOrigins: ['https://fauxpay.test'],
    });
  });

  it('places the order on its signed webhook only; a bad signature is refused and changes nothing', async () => {
    const [, part] = await parts();
    const token = await readyCart(part!.code);
    await call('POST', `${API}/orders/${token}/pay`, urls);
    const { paymentId, lines } = calls.opened.at(-1)!;
    const paidEvent = {
      type: 'paid',
      session: `fp_${paymentId}`,
      amount: lines.reduce((sum, line) => sum + line.amount, 0),
      currency: 'EUR',
    };

    for (const refused of [
      await webhook(paidEvent, { secret: 'another-secret' }),
      // Signed over the same event serialised otherwise: the signature covers bytes, not meaning.
      await webhook(paidEvent, { signed: JSON.stringify(paidEvent) }),
    ]) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json()['hydra:description']).toBe('Signature FauxPay invalide.');
    }
    expect((await call('GET', `${API}/orders/${token}`)).body).toMatchObject({ paymentState: 'cart', number: null });
    expect(await paymentOf(`fp_${paymentId}`)).toMatchObject({ state: 'new', capturedAmount: null });
    expect(await soldAt(part!.code)).toBeNull();

    const placed = await webhook(paidEvent);
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toEqual({ received: true, handled: true });
    const order = (await call('GET', `${API}/orders/${token}`)).body;
    expect(order).toMatchObject({ paymentState: 'paid', checkoutState: 'completed' });
    expect(await paymentOf(`fp_${paymentId}`)).toMatchObject({
      state: 'completed',
      providerReference: `fp_charge_fp_${paymentId}`,
    });
    expect(await soldAt(part!.code)).not.toBeNull();
    // Delivered again, as providers retry: nothing more.
    expect((await webhook(paidEvent)).json()).toEqual({ received: true, handled: false });
    expect((await call('GET', `${API}/orders/${token}`)).body.number).toBe(order.number);
  });

  it.each(['inconnu', 'sandbox', 'stripe', 'constructor', '__proto__'])(
    'answers 404 at /payment-webhooks/%s (unknown, without webhooks, or not the active provider)',
    async (provider) => {
      const answer = await webhook({ type: 'paid', session: 'fp_1', amount: 1, currency: 'EUR' }, { provider });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ '@type': 'hydra:Error', 'hydra:description': 'Not Found' });
    },
  );

  it('refunds captured money that cannot place the order, and closes checkouts, through the payment’s own provider', async () => {
    const [, , part, added] = await parts();
    const token = await readyCart(part!.code);
    await call('POST', `${API}/orders/${token}/pay`, urls);
    const first = calls.opened.at(-1)!;
    // Another tab adds a part while the provider's page is open: that checkout is closed at the provider.
    expect((await call('POST', `${API}/orders/${token}/items`, { productVariant: added!.code })).status).toBe(201);
    expect(calls.closed).toContain(`fp_${first.paymentId}`);
    // The provider had taken the money of the first checkout anyway: it goes back, through it.
    const late = await webhook({ type: 'paid', session: `fp_${first.paymentId}`, amount: 1, currency: 'EUR' });
    expect(late.json()).toEqual({ received: true, handled: true, refunded: true });
    expect(calls.refunded).toContain(first.paymentId);
    expect(await paymentOf(`fp_${first.paymentId}`)).toMatchObject({ state: 'refunded' });
    expect((await call('GET', `${API}/orders/${token}`)).body.paymentState).toBe('cart');

    // Its expiry, told by its webhook, gives the parts back.
    await call('POST', `${API}/orders/${token}/pay`, urls);
    const second = calls.opened.at(-1)!;
    expect((await call('GET', `${API}/product-variants/${part!.code}`)).body.inStock).toBe(false);
    expect((await webhook({ type: 'expired', session: `fp_${second.paymentId}` })).json()).toEqual({
      received: true,
      handled: true,
    });
    expect(await paymentOf(`fp_${second.paymentId}`)).toMatchObject({ state: 'expired' });
    expect((await call('GET', `${API}/product-variants/${part!.code}`)).body.inStock).toBe(true);
  });

  it('leaves payments of another provider to that provider: its webhook cannot touch them, the sweep refunds them there', async () => {
    const [, , , , part] = await parts();
    const token = await readyCart(part!.code);
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.tokenValue, token));
    const sandboxPayment = (sessionId: string, state: string) => ({
      orderId: order!.id,
      provider: 'sandbox',
      state,
      amount: 500,
      currencyCode: 'EUR',
      sessionId,
      checkoutUrl: '',
      afterSuccessUrl: urls.afterSuccessUrl,
      afterCancelUrl: urls.afterCancelUrl,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    await shop.database.db
      .insert(payments)
      .values([
        sandboxPayment('sbx_open_before_the_switch', 'new'),
        sandboxPayment('sbx_due_before_the_switch', 'refund_due'),
      ]);

    // A validly signed FauxPay event naming a sandbox checkout: not FauxPay's to confirm.
    const foreign = await webhook({
      type: 'paid',
      session: 'sbx_open_before_the_switch',
      amount: 500,
      currency: 'EUR',
    });
    expect(foreign.json()).toEqual({ received: true, handled: false });
    expect(await paymentOf('sbx_open_before_the_switch')).toMatchObject({ state: 'new', capturedAmount: null });

    const refundedBefore = [...calls.refunded];
    const run = await sweepPayments({
      db: shop.database.db,
      paymentProviders: shop.app.paymentProviders,
      now: () => new Date(),
    });
    expect(run.refunded).toBe(1);
    expect(await paymentOf('sbx_due_before_the_switch')).toMatchObject({ state: 'refunded' });
    expect(calls.refunded).toEqual(refundedBefore);
  });
});

/**
 * Banque d’essai, the provider of the end-to-end suites (`payment-provider/`), in a shop that knows it
 * only from the registry given to buildApp: its checkout page, on an origin of its own, pays through
 * its signed webhook and the shop's one webhook route.
 */
describe('a provider the tests alone know, paid on its own page', () => {
  let shop: TestShop;
  const jwt = createJwtService(new TextEncoder().encode('payment-providers-signing-key-of-enough-length'));
  const buyer = buyers(() => shop, jwt);
  const call = jsonCaller(() => shop, buyer.tokenFor);

  beforeAll(async () => {
    shop = await startTestShop('pglite', 20, {
      paymentRegistry: [...PAYMENT_PROVIDERS, banqueEssai],
      paymentProvider: 'banque-essai',
      paymentSettings: { banqueEssaiSecret: 'secret-of-the-test-bank' },
      jwt,
    });
  });
  afterAll(async () => {
    await shop?.close();
  });

  async function payingCart() {
    const [part] = ((await call('GET', `${API}/products?itemsPerPage=50`)).body['hydra:member'] as Json[]).filter(
      (p) => p.weight < 5 && p.inStock !== false,
    );
    const token = (await call('POST', `${API}/orders`, {})).body.tokenValue as string;
    await buyer.give(token);
    expect((await call('POST', `${API}/orders/${token}/items`, { productVariant: part!.code })).status).toBe(201);
    const addressed = (await call('PUT', `${API}/orders/${token}`, { billingAddress: address })).body;
    await call('PATCH', `${API}/orders/${token}/shipments/${addressed.shipments[0].id}`, { shippingMethod: 'colis' });
    const paid = await call('POST', `${API}/orders/${token}/pay`, urls);
    expect(paid.status).toBe(200);
    return { token, part: part!, checkout: new URL(paid.body.checkoutUrl as string) };
  }

  it('tells the storefront its name, that it takes real money and the origin its checkouts open on; paid there, its webhook places the order', async () => {
    const told = (await call('GET', `${API}/channels/WEB`)).body.paymentProvider;
    expect(told).toEqual({
      label: 'Banque d’essai',
      realMoney: true,
      // The shop API's public URL is http://shop-api.test: the bank's page is elsewhere.
      checkoutOrigins: ['http://localhost'],
    });
    const { token, part, checkout } = await payingCart();
    expect(told.checkoutOrigins).toContain(checkout.origin);
    const page = await shop.app.inject({ method: 'GET', url: checkout.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Payer');
    const paid = await shop.app.inject({
      method: 'POST',
      url: `${checkout.pathname}/payer`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(urls.afterSuccessUrl);
    expect((await call('GET', `${API}/orders/${token}`)).body).toMatchObject({
      paymentState: 'paid',
      checkoutState: 'completed',
    });
    expect((await call('GET', `${API}/products/${part.code}`)).body.soldAt).not.toBeNull();
  });
});
