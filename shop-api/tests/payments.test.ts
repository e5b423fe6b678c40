import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CART_MESSAGES, MAX_PARTS_PER_CART } from '../src/domain/cart.js';
import { PAY_MESSAGES } from '../src/use-cases/pay-order.js';
import { createJwtService } from '../src/auth/jwt.js';
import { customers, orders, payments } from '../src/db/schema.js';
import { sweepPayments } from '../src/payments/sweep.js';
import { createMailer } from '../src/mail/mailer.js';
import { readOutbox } from '../src/mail/outbox.js';
import { BACKENDS, startTestShop, type TestShop } from './helpers/backends.js';
import { sessionToken } from './helpers/sessions.js';
import { buyers } from './helpers/buyers.js';
import { jsonCaller, type Json } from './helpers/call.js';
import { LEA_ADDRESS } from './helpers/address.js';

const API = '/api/v2/shop';
const SITE = 'http://localhost:3000';
const urls = { afterSuccessUrl: `${SITE}/commande/valide`, afterCancelUrl: `${SITE}/commande/livraison` };

describe.each(BACKENDS)('payment with the sandbox provider on %s', (backend) => {
  let shop: TestShop;
  let clock = new Date('2026-11-20T10:00:00Z');
  const outbox = mkdtempSync(join(tmpdir(), 'shop-outbox-'));
  const jwt = createJwtService(new TextEncoder().encode('payment-tests-signing-key-of-enough-length-0'));
  const buyer = buyers(() => shop, jwt);
  const call = jsonCaller(() => shop, buyer.tokenFor);
  const form = (url: string) =>
    shop.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
  const address = LEA_ADDRESS;
  const partsForSale = async () =>
    (await call('GET', `${API}/products?itemsPerPage=100`)).body['hydra:member'] as Json[];

  /** A cart holding `code`, addressed, with pickup at the yard chosen, a buyer's (a new one unless named). */
  async function readyCart(code: string, buyerToken?: string): Promise<string> {
    const cart = (await call('POST', `${API}/orders`, {})).body;
    await buyer.give(cart.tokenValue, buyerToken);
    expect((await call('POST', `${API}/orders/${cart.tokenValue}/items`, { productVariant: code })).status).toBe(201);
    const addressed = (await call('PUT', `${API}/orders/${cart.tokenValue}`, { billingAddress: address })).body;
    const chosen = await call('PATCH', `${API}/orders/${cart.tokenValue}/shipments/${addressed.shipments[0].id}`, {
      shippingMethod: 'retrait_casse',
    });
    expect(chosen.body.checkoutState).toBe('shipping_selected');
    return cart.tokenValue;
  }
  const sessionOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname;

  beforeAll(async () => {
    shop = await startTestShop(backend, 60, {
      now: () => clock,
      jwt,
      mailer: createMailer({ outboxDir: outbox, from: 'boutique@test' }),
    });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('pays on the sandbox page: the order is placed and paid, the part sold, once', async () => {
    const [part] = await partsForSale();
    const token = await readyCart(part!.code);
    expect((await call('PATCH', `${API}/orders/${token}/complete`, {})).status).toBe(422);
    const paid = await call('POST', `${API}/orders/${token}/pay`, urls);
    expect(paid.status).toBe(200);
    expect(paid.body.checkoutUrl).toMatch(/^http:\/\/shop-api\.test\/sandbox\/checkout\/sbx_/);
    // A second click returns the same checkout.
    expect((await call('POST', `${API}/orders/${token}/pay`, urls)).body.checkoutUrl).toBe(paid.body.checkoutUrl);

    const page = await shop.app.inject({ method: 'GET', url: sessionOf(paid.body.checkoutUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Paiement de test');
    expect(page.body).toContain('Mode démonstration — aucun paiement réel');
    // The order's number, never its token (the token alone opens an anonymous cart).
    expect(page.body).not.toContain(token.slice(0, 8));
    const shown = /Commande n° <strong>(\d{9})<\/strong>/.exec(page.body)?.[1];
    expect(page.body).toContain(
      ((part!.defaultVariantData.price as number) / 100).toLocaleString('fr-FR', {
        style: 'currency',
        currency: 'EUR',
      }),
    );

    const confirmed = await form(`${sessionOf(paid.body.checkoutUrl)}/pay`);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(urls.afterSuccessUrl);
    const order = (await call('PATCH', `${API}/orders/${token}/complete`, {})).body;
    expect(order).toMatchObject({
      state: 'new',
      checkoutState: 'completed',
      paymentState: 'paid',
      shippingState: 'ready',
      total: part!.defaultVariantData.price,
    });
    expect(order.number).toMatch(/^\d{9}$/);
    expect(shown).toBe(order.number);
    // Read back by its token, a placed order shows its state; a cart's view does not.
    expect((await call('GET', `${API}/orders/${token}`)).body.state).toBe('new');
    expect((await call('GET', `${API}/products/${part!.code}`)).body.soldAt).toBe('2026-11-20 10:00:00');
    expect((await partsForSale()).map((p) => p.code)).not.toContain(part!.code);

    // A replayed confirmation changes nothing and still lands on the success page.
    const replay = await form(`${sessionOf(paid.body.checkoutUrl)}/pay`);
    expect(replay.headers.location).toBe(urls.afterSuccessUrl);
    expect((await call('POST', `${API}/orders/${token}/items`, { productVariant: part!.code })).status).toBe(422);
  });

  it('holds the part for the payer: a second buyer is refused until the first cancels', async () => {
    const [, part] = await partsForSale();
    const first = await readyCart(part!.code);
    const second = await readyCart(part!.code);
    const checkout = (await call('POST', `${API}/orders/${first}/pay`, urls)).body.checkoutUrl;
    const refused = await call('POST', `${API}/orders/${second}/pay`, urls);
    expect(refused.status).toBe(422);
    // Named as the buyer knows it, not by its code.
    expect(refused.body.violations[0].message).toBe(`${part!.name} : ${CART_MESSAGES.reserved}`);
    const newcomer = (await call('POST', `${API}/orders`, {})).body.tokenValue;
    expect(
      (await call('POST', `${API}/orders/${newcomer}/items`, { productVariant: part!.code })).body.violations[0]
        .message,
    ).toBe(CART_MESSAGES.reserved);

    const cancelled = await form(`${sessionOf(checkout)}/cancel`);
    expect(cancelled.headers.location).toBe(urls.afterCancelUrl);
    expect((await call('GET', `${API}/orders/${first}`)).body.checkoutState).toBe('shipping_selected');
    expect((await call('POST', `${API}/orders/${second}/pay`, urls)).status).toBe(200);
  });

  it('tells a second buyer the part is sold once the first has paid, not that it is being ordered', async () => {
    const [, , , part] = await partsForSale();
    const first = await readyCart(part!.code);
    const second = await readyCart(part!.code);
    const checkout = (await call('POST', `${API}/orders/${first}/pay`, urls)).body.checkoutUrl;
    expect((await form(`${sessionOf(checkout)}/pay`)).statusCode).toBe(303);

    const refused = await call('POST', `${API}/orders/${second}/pay`, urls);
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toEqual([
      { propertyPath: 'items', message: `${part!.name} : ${CART_MESSAGES.sold}`, code: 'cart.sold' },
    ]);
  });

  it('gives the parts back when the checkout expires', async () => {
    const [, , part] = await partsForSale();
    const first = await readyCart(part!.code);
    const second = await readyCart(part!.code);
    const checkout = (await call('POST', `${API}/orders/${first}/pay`, urls)).body.checkoutUrl;
    expect((await call('POST', `${API}/orders/${second}/pay`, urls)).status).toBe(422);
    clock = new Date(clock.getTime() + 31 * 60_000);
    expect((await call('POST', `${API}/orders/${second}/pay`, urls)).status).toBe(200);
    // The expired checkout can no longer be paid.
    expect((await form(`${sessionOf(checkout)}/pay`)).headers.location).toBe(urls.afterCancelUrl);
  });

  it('refuses return URLs outside the shop and a checkout not ready', async () => {
    const [, , , part] = await partsForSale();
    const cart = (await call('POST', `${API}/orders`, {})).body.tokenValue;
    await buyer.give(cart);
    await call('POST', `${API}/orders/${cart}/items`, { productVariant: part!.code });
    expect((await call('POST', `${API}/orders/${cart}/pay`, urls)).body.violations[0].message).toBe(
      'Choisissez d’abord l’adresse et le mode de livraison.',
    );
    const token = await readyCart(part!.code);
    const evil = await call('POST', `${API}/orders/${token}/pay`, {
      ...urls,
      afterSuccessUrl: 'https://evil.example/merci',
    });
    expect(evil.status).toBe(422);
  });

  it('mails the customer the confirmation of a paid order, once', async () => {
    const email = `confirmation.${backend}@exemple.fr`;
    await call('POST', `${API}/customers`, {
      firstName: 'Léa',
      lastName: 'Martin',
      email,
      password: 'pieces-auto-2026',
    });
    const [row] = await shop.database.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
    const token = await sessionToken(shop.database.db, jwt, { id: row!.id, email });
    const part = (await partsForSale()).at(-1)!;
    const cart = (await call('POST', `${API}/orders`, {}, token)).body.tokenValue as string;
    await call('POST', `${API}/orders/${cart}/items`, { productVariant: part.code }, token);
    const addressed = (await call('PUT', `${API}/orders/${cart}`, { billingAddress: address }, token)).body;
    await call(
      'PATCH',
      `${API}/orders/${cart}/shipments/${addressed.shipments[0].id}`,
      { shippingMethod: 'retrait_casse' },
      token,
    );
    const checkoutUrl = (await call('POST', `${API}/orders/${cart}/pay`, urls, token)).body.checkoutUrl;
    await form(`${sessionOf(checkoutUrl)}/pay`);
    await form(`${sessionOf(checkoutUrl)}/pay`);

    const mails = (await readOutbox(outbox, 100)).filter(
      (mail) => mail.to === email && mail.subject.startsWith('Commande n°'),
    );
    expect(mails).toHaveLength(1);
    const order = (await call('GET', `${API}/orders/${cart}`, undefined, token)).body;
    expect(mails[0]!.subject).toBe(`Commande n° ${order.number} enregistrée`);
    expect(mails[0]!.text).toContain(part.name);
    expect(mails[0]!.text).toContain(
      `Total payé TTC : ${((part.defaultVariantData.price as number) / 100).toLocaleString('fr-FR', { style: 'currency', currency: 'EUR' })}`,
    );
    expect(mails[0]!.links).toContain(`${SITE}/compte/commandes/${cart}`);
  });

  /** Whether the part can be taken now, as the catalogue says. */
  const inStock = async (code: string) =>
    (await call('GET', `${API}/product-variants/${code}`)).body.inStock as boolean;

  it('cancels the open payment when the cart changes in another tab: nothing is placed for the old amount', async () => {
    const [cheap, expensive] = (await partsForSale()).filter((p) => p.weight < 5).slice(-2);
    const token = await readyCart(cheap!.code);
    const checkout = (await call('POST', `${API}/orders/${token}/pay`, urls)).body.checkoutUrl as string;
    expect(await inStock(cheap!.code)).toBe(false);
    // Another tab adds a part while the sandbox page is open.
    expect((await call('POST', `${API}/orders/${token}/items`, { productVariant: expensive!.code })).status).toBe(201);
    const changed = (await call('GET', `${API}/orders/${token}`)).body;
    expect(changed.checkoutState).toBe('shipping_selected');
    expect(await inStock(cheap!.code)).toBe(true);
    // The old page is closed and paying it places nothing, sells nothing.
    expect((await shop.app.inject({ method: 'GET', url: sessionOf(checkout) })).body).toContain(
      'Ce paiement n’est plus ouvert',
    );
    expect((await form(`${sessionOf(checkout)}/pay`)).headers.location).toBe(urls.afterCancelUrl);
    expect((await call('GET', `${API}/orders/${token}`)).body).toMatchObject({
      paymentState: 'cart',
      total: changed.total,
    });
    expect(await inStock(cheap!.code)).toBe(true);
    expect(await inStock(expensive!.code)).toBe(true);
    // Paying again asks the new total and holds both parts; it places the order for that total.
    const again = (await call('POST', `${API}/orders/${token}/pay`, urls)).body.checkoutUrl as string;
    expect(again).not.toBe(checkout);
    const page = (await shop.app.inject({ method: 'GET', url: sessionOf(again) })).body;
    expect(page).toContain((changed.total / 100).toLocaleString('fr-FR', { style: 'currency', currency: 'EUR' }));
    expect([await inStock(cheap!.code), await inStock(expensive!.code)]).toEqual([false, false]);
    await form(`${sessionOf(again)}/pay`);
    expect((await call('GET', `${API}/orders/${token}`)).body).toMatchObject({
      paymentState: 'paid',
      total: changed.itemsTotal + changed.shippingTotal,
    });
  });

  it('ends a hold with its payment, whatever became of the order: a removed part is never left reserved', async () => {
    const [part] = (await partsForSale()).filter((p) => p.weight < 5).slice(-3);
    const token = await readyCart(part!.code);
    const checkout = (await call('POST', `${API}/orders/${token}/pay`, urls)).body.checkoutUrl as string;
    expect(await inStock(part!.code)).toBe(false);
    const line = (await call('GET', `${API}/orders/${token}`)).body.items[0];
    expect((await call('DELETE', `${API}/orders/${token}/items/${line.id}`)).status).toBe(204);
    await form(`${sessionOf(checkout)}/cancel`);
    expect(await inStock(part!.code)).toBe(true);
    const other = (await call('POST', `${API}/orders`, {})).body.tokenValue;
    expect((await call('POST', `${API}/orders/${other}/items`, { productVariant: part!.code })).status).toBe(201);
  });

  it('releases, at the sweep, a hold whose payment is no longer open', async () => {
    const [part] = (await partsForSale()).filter((p) => p.weight < 5).slice(-4);
    const token = await readyCart(part!.code);
    const checkout = (await call('POST', `${API}/orders/${token}/pay`, urls)).body.checkoutUrl as string;
    // A path that forgot to release (or a crash between two writes): the payment closed, the hold left.
    await shop.database.db
      .update(payments)
      .set({ state: 'cancelled' })
      .where(eq(payments.sessionId, checkout.split('/').pop()!));
    expect(await inStock(part!.code)).toBe(false);
    const run = await sweepPayments({
      db: shop.database.db,
      paymentProviders: shop.app.paymentProviders,
      now: () => clock,
    });
    expect(run.orphanHolds).toBe(1);
    expect(await inStock(part!.code)).toBe(true);
  });

  it('sells a part to exactly one of 50 buyers paying at the same time', async () => {
    const [, , , , part] = await partsForSale();
    const carts: string[] = [];
    for (let i = 0; i < 50; i++) carts.push(await readyCart(part!.code));
    const answers = await Promise.all(carts.map((token) => call('POST', `${API}/orders/${token}/pay`, urls)));
    const opened = answers.filter((answer) => answer.status === 200);
    expect(opened).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(49);
    await form(`${sessionOf(opened[0]!.body.checkoutUrl)}/pay`);
    const states = await Promise.all(
      carts.map(async (token) => (await call('GET', `${API}/orders/${token}`)).body.paymentState),
    );
    expect(states.filter((state) => state === 'paid')).toHaveLength(1);
  });

  /** Whether a newcomer may put the part in a cart right now (it is neither held nor sold). */
  const onSale = async (code: string) => {
    const newcomer = (await call('POST', `${API}/orders`, {})).body.tokenValue;
    return (await call('POST', `${API}/orders/${newcomer}/items`, { productVariant: code }, '')).status === 201;
  };

  it('pays only for a customer: a visitor’s ready cart opens nothing and holds nothing; a customer’s token makes it theirs', async () => {
    const part = (await partsForSale()).at(-1)!;
    // A visitor, straight to the API, without an account: the whole checkout but the payment.
    const cart = (await call('POST', `${API}/orders`, {})).body.tokenValue;
    await call('POST', `${API}/orders/${cart}/items`, { productVariant: part.code });
    const addressed = (await call('PUT', `${API}/orders/${cart}`, { billingAddress: address })).body;
    await call('PATCH', `${API}/orders/${cart}/shipments/${addressed.shipments[0].id}`, {
      shippingMethod: 'retrait_casse',
    });
    const refused = await call('POST', `${API}/orders/${cart}/pay`, urls);
    expect([refused.status, refused.body['hydra:description']]).toEqual([401, PAY_MESSAGES.signIn]);
    expect(await onSale(part.code)).toBe(true);
    expect(await shop.database.db.select().from(payments)).not.toContainEqual(
      expect.objectContaining({ orderId: addressed.id }),
    );
    // Signed in, the same cart is the customer's, and theirs alone from then on, with its parts only: the
    // address its maker typed goes (a cart token can be planted in a browser), so it is addressed again.
    const { id, token } = await buyer.newBuyer();
    expect((await call('POST', `${API}/orders/${cart}/pay`, urls, token)).status).toBe(422);
    const claimed = (await call('GET', `${API}/orders/${cart}`, undefined, token)).body;
    expect([claimed.checkoutState, claimed.billingAddress ?? null, claimed.items.length]).toEqual(['cart', null, 1]);
    const again = (await call('PUT', `${API}/orders/${cart}`, { billingAddress: address }, token)).body;
    await call(
      'PATCH',
      `${API}/orders/${cart}/shipments/${again.shipments[0].id}`,
      { shippingMethod: 'retrait_casse' },
      token,
    );
    expect((await call('POST', `${API}/orders/${cart}/pay`, urls, token)).status).toBe(200);
    expect(await onSale(part.code)).toBe(false);
    expect((await call('GET', `${API}/orders/${cart}`, undefined, '')).status).toBe(404);
    expect((await call('GET', `${API}/orders/${cart}`, undefined, token)).status).toBe(200);
    const [owned] = await shop.database.db
      .select({ customerId: orders.customerId })
      .from(orders)
      .where(eq(orders.tokenValue, cart));
    expect(owned!.customerId).toBe(id);
  });

  it('holds parts for one payment per customer: a payment opened on another of their carts ends the older one', async () => {
    const [first, second] = (await partsForSale()).slice(-3, -1);
    const { token } = await buyer.newBuyer();
    const older = await readyCart(first!.code, token);
    const newer = await readyCart(second!.code, token);
    const olderCheckout = (await call('POST', `${API}/orders/${older}/pay`, urls)).body.checkoutUrl;
    expect(await onSale(first!.code)).toBe(false);
    expect((await call('POST', `${API}/orders/${newer}/pay`, urls)).status).toBe(200);
    // The older payment is over: its part is back on sale, its page takes no money, its cart can pay again.
    expect(await onSale(first!.code)).toBe(true);
    expect(await onSale(second!.code)).toBe(false);
    expect((await call('GET', `${API}/orders/${older}`)).body.checkoutState).toBe('shipping_selected');
    await form(`${sessionOf(olderCheckout)}/pay`);
    expect((await call('GET', `${API}/orders/${older}`)).body.paymentState).not.toBe('paid');
    // Both carts paid at the same moment, again and again: never a deadlock, always one payment open.
    // When the second opens while the first is still asking the provider, the first is over before its
    // checkout is attached: that one answers that the order changed, never a checkout that takes no money.
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([older, newer].map((cart) => call('POST', `${API}/orders/${cart}/pay`, urls)));
      expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
      for (const answer of answers.filter((one) => one.status !== 200)) {
        expect(answer.status).toBe(409);
        expect(answer.body['hydra:description']).toBe(PAY_MESSAGES.changed);
      }
      const open = await shop.database.db
        .select({ orderId: payments.orderId })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(and(eq(payments.state, 'new'), inArray(orders.tokenValue, [older, newer])));
      expect(open).toHaveLength(1);
    }
    // Two other buyers each keep their own payment (the newer cart's, opened last here).
    expect((await call('POST', `${API}/orders/${newer}/pay`, urls)).status).toBe(200);
    const third = (await partsForSale()).at(-4)!;
    const other = await readyCart(third.code);
    expect((await call('POST', `${API}/orders/${other}/pay`, urls)).status).toBe(200);
    expect(await onSale(second!.code)).toBe(false);
  });

  it('takes at most MAX_PARTS_PER_CART parts in a cart, whatever the tabs', async () => {
    const parts: Json[] = [];
    for (const part of await partsForSale())
      if (parts.length < MAX_PARTS_PER_CART + 2 && (await onSale(part.code))) parts.push(part);
    const cart = (await call('POST', `${API}/orders`, {})).body.tokenValue;
    const add = (code: string) => call('POST', `${API}/orders/${cart}/items`, { productVariant: code });
    const answers = await Promise.all(parts.map((part) => add(part.code)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_PARTS_PER_CART);
    const full = answers.find((answer) => answer.status === 422)!;
    expect(full.body.violations).toEqual([
      { propertyPath: 'productVariant', message: CART_MESSAGES.full, code: 'cart.full' },
    ]);
    const held = (await call('GET', `${API}/orders/${cart}`)).body.items as Json[];
    expect(held).toHaveLength(MAX_PARTS_PER_CART);
    // One out, one more in.
    expect((await call('DELETE', `${API}/orders/${cart}/items/${held[0]!.id}`)).status).toBe(204);
    const left = parts.find((part) => !held.some((row) => row.variant.endsWith(`/${part.code}`)))!;
    expect((await add(left.code)).status).toBe(201);
  });
});
