import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtService } from '../src/auth/jwt.js';
import { orders, payments } from '../src/db/schema.js';
import { stripeClient } from '../src/payments/stripe/client.js';
import { startTestShop, type TestShop } from './helpers/backends.js';
import { startStripeDouble, type StripeDouble } from './helpers/stripe-double.js';
import { buyers } from './helpers/buyers.js';
import { jsonCaller, type Json } from './helpers/call.js';
import { LEA_ADDRESS } from './helpers/address.js';

const API = '/api/v2/shop';
const SECRET = 'whsec_test_secret_for_the_double';
// The address Stripe's dashboard is given: it must not move.
const STRIPE_WEBHOOK_PATH = '/api/v2/shop/payment-webhooks/stripe';
const STAFF = 'stripe-tests-staff-token-of-enough-length';
const urls = {
  afterSuccessUrl: 'http://localhost:3000/commande/valide',
  afterCancelUrl: 'http://localhost:3000/commande/livraison',
};
const address = LEA_ADDRESS;

describe('payment with Stripe Checkout (real SDK, local double of the API)', () => {
  let shop: TestShop;
  let double: StripeDouble;
  let stripe: ReturnType<typeof stripeClient>;
  const jwt = createJwtService(new TextEncoder().encode('stripe-tests-signing-key-of-enough-length-000'));
  const buyer = buyers(() => shop, jwt);
  const call = jsonCaller(() => shop, buyer.tokenFor);
  const webhook = (event: Json, secret = SECRET) => {
    const payload = JSON.stringify(event);
    return shop.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
    });
  };
  const completed = (session: Json, overrides: Json = {}) => ({
    id: `evt_${session.id}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: session.amount_total,
        currency: 'eur',
        ...overrides,
      },
    },
  });
  async function readyCart(code: string) {
    const token = (await call('POST', `${API}/orders`, {})).body.tokenValue;
    await buyer.give(token);
    await call('POST', `${API}/orders/${token}/items`, { productVariant: code });
    const addressed = (await call('PUT', `${API}/orders/${token}`, { billingAddress: address })).body;
    await call('PATCH', `${API}/orders/${token}/shipments/${addressed.shipments[0].id}`, { shippingMethod: 'colis' });
    return token as string;
  }
  const parts = async () =>
    ((await call('GET', `${API}/products?itemsPerPage=100`)).body['hydra:member'] as Json[]).filter(
      (p) => p.weight < 5,
    );

  beforeAll(async () => {
    double = await startStripeDouble();
    stripe = stripeClient({ secretKey: 'sk_test_double', apiBase: double.base });
    shop = await startTestShop('pglite', 60, {
      paymentProvider: 'stripe',
      paymentSettings: { stripeSecretKey: 'sk_test_double', stripeWebhookSecret: SECRET, stripeApiBase: double.base },
      staffToken: STAFF,
      jwt,
    });
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
      mode: 'payment',
      success_url: urls.afterSuccessUrl,
      cancel_url: urls.afterCancelUrl,
      'metadata[order_token]': token,
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': String(part!.defaultVariantData.price),
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

  it('a late refund of an older payment leaves the open one payable (seen by bench:invariants: 500 then)', async () => {
    const [, , , , , , , , , part] = await parts();
    const token = await readyCart(part!.code);
    await call('POST', `${API}/orders/${token}/pay`, urls);
    const older = double.sessions.at(-1)!;
    // The shopper goes back and readdresses: that payment is cancelled; they pay again.
    const addressed = (await call('PUT', `${API}/orders/${token}`, { billingAddress: address })).body;
    await call('PATCH', `${API}/orders/${token}/shipments/${addressed.shipments[0].id}`, { shippingMethod: 'colis' });
    await call('POST', `${API}/orders/${token}/pay`, urls);
    const newer = double.sessions.at(-1)!;
    expect((await webhook(completed(older, { payment_intent: older.payment_intent }))).json()).toMatchObject({
      refunded: true,
    });
    const placed = await webhook(completed(newer, { payment_intent: newer.payment_intent }));
    expect(placed.statusCode).toBe(200);
    expect((await call('GET', `${API}/orders/${token}`)).body.paymentState).toBe('paid');
  });

  it('has no sandbox page: an open sandbox payment left from before the switch to Stripe cannot be paid', async () => {
    const [, , , , , , , part] = await parts();
    const token = await readyCart(part!.code);
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.tokenValue, token));
    await shop.database.db.insert(payments).values({
      orderId: order!.id,
      provider: 'sandbox',
      amount: 1,
      currencyCode: 'EUR',
      sessionId: 'sbx_left_from_before',
      checkoutUrl: '',
      afterSuccessUrl: urls.afterSuccessUrl,
      afterCancelUrl: urls.afterCancelUrl,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    for (const path of ['', '/pay', '/cancel']) {
      const answer = await shop.app.inject({
        method: path ? 'POST' : 'GET',
        url: `/sandbox/checkout/sbx_left_from_before${path}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(answer.statusCode).toBe(404);
    }
    expect((await call('GET', `${API}/orders/${token}`)).body.paymentState).toBe('cart');
  });

  it('refuses a forged signature; money of another amount or currency places nothing and is refunded through the SDK', async () => {
    const [, part] = await parts();
    const token = await readyCart(part!.code);
    await call('POST', `${API}/orders/${token}/pay`, urls);
    const session = double.sessions.at(-1)!;
    expect((await webhook(completed(session), 'whsec_another_secret')).statusCode).toBe(400);
    const unsigned = await shop.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      payload: JSON.stringify(completed(session)),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    const tampered = await webhook(completed(session, { amount_total: 100, payment_intent: session.payment_intent }));
    expect(tampered.statusCode).toBe(200);
    expect(tampered.json()).toMatchObject({ handled: true, refunded: true });
    expect(double.refunds.at(-1)).toMatchObject({
      payment_intent: session.payment_intent,
      idempotencyKey: expect.stringMatching(/^refund-\d+$/),
    });
    expect((await call('GET', `${API}/orders/${token}`)).body.paymentState).toBe('cart');
    expect((await call('GET', `${API}/products/${part!.code}`)).body.soldAt).toBeNull();
    // The currency is checked the same way, on a new checkout.
    await call('POST', `${API}/orders/${token}/pay`, urls);
    const second = double.sessions.at(-1)!;
    expect(
      (await webhook(completed(second, { currency: 'usd', payment_intent: second.payment_intent }))).json(),
    ).toMatchObject({ refunded: true });
    expect((await call('GET', `${API}/orders/${token}`)).body.paymentState).toBe('cart');
  });

  it('closes the Stripe session when the cart changes; its late payment is refunded, and the new total is what gets paid', async () => {
    const [, , , , cheap, added] = await parts();
    const token = await readyCart(cheap!.code);
    await call('POST', `${API}/orders/${token}/pay`, urls);
    const first = double.sessions.at(-1)!;
    // Another tab (or the API directly) adds a part while the Stripe page is open.
    expect((await call('POST', `${API}/orders/${token}/items`, { productVariant: added!.code })).status).toBe(201);
    expect(double.expired).toContain(first.id);
    // Stripe had already taken the money for the first session: nothing is sold, the money goes back.
    const late = await webhook(completed(first, { payment_intent: first.payment_intent }));
    expect(late.json()).toMatchObject({ refunded: true });
    expect(double.refunds.at(-1)!.payment_intent).toBe(first.payment_intent);
    const order = (await call('GET', `${API}/orders/${token}`)).body;
    expect(order.paymentState).toBe('cart');
    for (const code of [cheap!.code, added!.code])
      expect((await call('GET', `${API}/product-variants/${code}`)).body.inStock).toBe(true);
    const staffList = (
      await shop.app.inject({
        method: 'GET',
        url: '/api/v2/admin/orders?state=refund',
        headers: { authorization: `Bearer ${STAFF}` },
      })
    ).json();
    expect(staffList.find((row: Json) => row.tokenValue === token).refunds).toEqual([
      expect.objectContaining({
        provider: 'stripe',
        amount: first.amount_total,
        reason: expect.stringContaining('annulé'),
        refundedAt: expect.any(String),
      }),
    ]);
    // A replay of that event refunds nothing more.
    const refunds = double.refunds.length;
    await webhook(completed(first, { payment_intent: first.payment_intent }));
    expect(double.refunds).toHaveLength(refunds);

    await call('POST', `${API}/orders/${token}/pay`, urls);
    const second = double.sessions.at(-1)!;
    expect(second.amount_total).toBe(order.total);
    expect((await webhook(completed(second, { payment_intent: second.payment_intent }))).json()).toMatchObject({
      handled: true,
    });
    expect((await call('GET', `${API}/orders/${token}`)).body).toMatchObject({
      paymentState: 'paid',
      total: order.total,
    });
  });

  it('gives back money taken for a checkout of ours whose payment is gone, and nothing for a checkout not ours', async () => {
    const paidSession = (id: string, extra: Json) => ({
      id: `evt_${id}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id,
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: 1200,
          currency: 'eur',
          ...extra,
        },
      },
    });
    // Its cart was erased with the account: the session still names our payment.
    const orphan = await webhook(
      paidSession('cs_test_orphan', { payment_intent: 'pi_orphan', metadata: { payment_id: '999999' } }),
    );
    expect(orphan.statusCode).toBe(200);
    expect(orphan.json()).toEqual({ received: true, handled: true });
    expect(double.refunds.at(-1)).toMatchObject({
      payment_intent: 'pi_orphan',
      idempotencyKey: 'refund-orphan-cs_test_orphan',
    });
    const refunds = double.refunds.length;
    const stranger = await webhook(paidSession('cs_test_stranger', { payment_intent: 'pi_stranger' }));
    expect(stranger.json()).toEqual({ received: true, handled: false });
    expect(double.refunds).toHaveLength(refunds);
  });

  it('releases the parts when Stripe expires the session, and when Stripe cannot be reached', async () => {
    const [, , part, other] = await parts();
    const token = await readyCart(part!.code);
    const second = await readyCart(part!.code);
    await call('POST', `${API}/orders/${token}/pay`, urls);
    expect((await call('POST', `${API}/orders/${second}/pay`, urls)).status).toBe(422);
    const session = double.sessions.at(-1)!;
    await webhook({
      id: 'evt_exp',
      object: 'event',
      type: 'checkout.session.expired',
      data: { object: { id: session.id, object: 'checkout.session' } },
    });
    expect((await call('POST', `${API}/orders/${second}/pay`, urls)).status).toBe(200);

    const down = await readyCart(other!.code);
    double.fail(3);
    const failed = await call('POST', `${API}/orders/${down}/pay`, urls);
    expect(failed.status).toBe(502);
    expect(failed.body['hydra:description']).toContain('momentanément indisponible');
    expect((await call('POST', `${API}/orders/${down}/pay`, urls)).status).toBe(200);
  });
});
