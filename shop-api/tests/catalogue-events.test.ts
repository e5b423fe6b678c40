/**
 * The "catalogue changed" events the storefront receives: each stock operation (hold, release, sell,
 * restock) sends exactly its event with its parts' codes, once its transaction committed, and nothing
 * when it rolled back. A local HTTP server stands in for the storefront's /api/revalidate.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products, productVariants } from '../src/db/schema.js';
import { catalogueTransaction, sellParts } from '../src/db/stock.js';
import { onCatalogueChange, type CatalogueChange } from '../src/notify/catalogue-events.js';
import { createStorefrontNotifier, signPayload, type StorefrontNotifier } from '../src/notify/storefront.js';
import { sweepPayments } from '../src/payments/sweep.js';
import { BACKENDS, startTestShop, type TestShop } from './helpers/backends.js';
import { createJwtService } from '../src/auth/jwt.js';
import { buyers } from './helpers/buyers.js';
import { jsonCaller, type Json } from './helpers/call.js';
import { LEA_ADDRESS } from './helpers/address.js';

const API = '/api/v2/shop';
const STAFF = 'staff-token-for-catalogue-events-0123';
const SECRET = 'catalogue-events-secret-for-tests-0123';
const SITE = 'http://localhost:3000';
const urls = { afterSuccessUrl: `${SITE}/commande/valide`, afterCancelUrl: `${SITE}/commande/livraison` };
const address = LEA_ADDRESS;

/** A stand-in storefront: checks each call's signature and keeps the events it carried, in order. */
async function startReceiver() {
  const events: CatalogueChange[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const timestamp = Number(request.headers['x-shop-timestamp']);
      expect(request.headers['x-shop-signature']).toBe(`sha256=${signPayload(SECRET, timestamp, body)}`);
      events.push(...((JSON.parse(body) as { events?: CatalogueChange[] }).events ?? []));
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/revalidate`;
  return { url, events, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(BACKENDS)('catalogue changed events on %s', (backend) => {
  let shop: TestShop;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let notifier: StorefrontNotifier;
  let clock = new Date('2026-11-20T10:00:00Z');
  const jwt = createJwtService(new TextEncoder().encode('catalogue-events-signing-key-of-enough-length'));
  const buyer = buyers(() => shop, jwt);
  const call = jsonCaller(() => shop, buyer.tokenFor);
  const form = (url: string) =>
    shop.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const staff = (url: string, body?: unknown) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/v2/admin${url}`,
      headers: { authorization: `Bearer ${STAFF}` },
      ...(body === undefined ? {} : { payload: body as Json }),
    });
  /** What the storefront received since the last call (everything queued is sent first). */
  async function received(): Promise<CatalogueChange[]> {
    await notifier.flush();
    return receiver.events.splice(0);
  }
  let next = 0;
  /** A part for sale no other test of this file used. */
  async function freshPart(): Promise<string> {
    const parts = (await call('GET', `${API}/products?itemsPerPage=100&order[code]=asc`)).body['hydra:member'];
    return (parts as Json[])[next++]!.code as string;
  }
  async function readyCart(...codes: string[]): Promise<string> {
    const cart = (await call('POST', `${API}/orders`, {})).body;
    await buyer.give(cart.tokenValue);
    for (const code of codes)
      expect((await call('POST', `${API}/orders/${cart.tokenValue}/items`, { productVariant: code })).status).toBe(201);
    const addressed = (await call('PUT', `${API}/orders/${cart.tokenValue}`, { billingAddress: address })).body;
    await call('PATCH', `${API}/orders/${cart.tokenValue}/shipments/${addressed.shipments[0].id}`, {
      shippingMethod: 'retrait_casse',
    });
    return cart.tokenValue;
  }
  const pay = async (token: string) => call('POST', `${API}/orders/${token}/pay`, urls);
  const sessionOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname;

  beforeAll(async () => {
    receiver = await startReceiver();
    notifier = createStorefrontNotifier({ url: receiver.url, secret: SECRET, batchMs: 1 });
    shop = await startTestShop(backend, 40, { staffToken: STAFF, notifier, now: () => clock, jwt });
  });
  afterAll(async () => {
    await shop?.close();
    await receiver?.close();
  });
  beforeEach(async () => {
    await received();
  });

  it('a payment opened holds its part (held), cancelled on the sandbox page releases it (released)', async () => {
    const code = await freshPart();
    const token = await readyCart(code);
    expect(await received()).toEqual([]);
    const opened = await pay(token);
    expect(opened.status).toBe(200);
    expect(await received()).toEqual([{ event: 'held', codes: [code] }]);
    await form(`${sessionOf(opened.body.checkoutUrl)}/cancel`);
    expect(await received()).toEqual([{ event: 'released', codes: [code] }]);
  });

  it('a payment confirmed sells its part (sold); the staff cancelling the order restock it (restocked)', async () => {
    const code = await freshPart();
    const token = await readyCart(code);
    const opened = await pay(token);
    await received();
    await form(`${sessionOf(opened.body.checkoutUrl)}/pay`);
    expect(await received()).toEqual([{ event: 'sold', codes: [code] }]);
    const number = (await call('GET', `${API}/orders/${token}`)).body.number as string;
    expect((await staff(`/orders/${number}/cancel`)).statusCode).toBe(200);
    expect(await received()).toEqual([{ event: 'restocked', codes: [code] }]);
  });

  it('a cart changed while its payment is open releases the held parts (released)', async () => {
    const [code, other] = [await freshPart(), await freshPart()];
    const token = await readyCart(code);
    await pay(token);
    await received();
    expect((await call('POST', `${API}/orders/${token}/items`, { productVariant: other })).status).toBe(201);
    expect(await received()).toEqual([{ event: 'released', codes: [code] }]);
  });

  it('a payment expired by the sweep releases its part (released)', async () => {
    const code = await freshPart();
    await pay(await readyCart(code));
    await received();
    clock = new Date(clock.getTime() + 24 * 3600_000);
    await sweepPayments({ db: shop.database.db, paymentProviders: shop.app.paymentProviders, now: () => clock });
    expect(await received()).toEqual([{ event: 'released', codes: [code] }]);
  });

  it('a payment that cannot hold every part rolls back and announces nothing', async () => {
    const [taken, free] = [await freshPart(), await freshPart()];
    const second = await readyCart(taken, free);
    await pay(await readyCart(taken));
    expect(await received()).toEqual([{ event: 'held', codes: [taken] }]);
    // `free` was held, then the hold of `taken` failed: the whole transaction rolled back.
    expect((await pay(second)).status).toBe(422);
    expect(await received()).toEqual([]);
  });

  it('a counter sale of a held part cancels that payment (released) and sells the part (sold)', async () => {
    const code = await freshPart();
    await pay(await readyCart(code));
    await received();
    expect((await staff(`/products/${code}/mark-sold`, {})).statusCode).toBe(200);
    expect(await received()).toEqual([
      { event: 'released', codes: [code] },
      { event: 'sold', codes: [code] },
    ]);
  });

  it('the staff import announces a part created, changed, sold and withdrawn, and nothing when nothing differs', async () => {
    const line = (code: string, prix: string, statut: string) => ({
      line: 2,
      record: {
        code,
        nom: 'Phare avant gauche Peugeot 208',
        sous_famille: 'eclairage/phare',
        prix,
        etat: 'A',
        garantie_mois: '3',
        poids_kg: '2,8',
        statut,
      },
    });
    const run = async (...lines: ReturnType<typeof line>[]) => {
      const response = await shop.app.inject({
        method: 'PUT',
        url: '/api/v2/admin/products',
        headers: { authorization: `Bearer ${STAFF}` },
        payload: { lines },
      });
      expect(response.statusCode).toBe(200);
      return received();
    };
    expect(await run(line('EVT-0001', '119,90', 'en_vente'))).toEqual([{ event: 'created', codes: ['EVT-0001'] }]);
    expect(await run(line('EVT-0001', '119,90', 'en_vente'))).toEqual([]);
    expect(await run(line('EVT-0001', '99,00', 'en_vente'))).toEqual([{ event: 'changed', codes: ['EVT-0001'] }]);
    expect(await run(line('EVT-0001', '99,00', 'retiree'))).toEqual([{ event: 'withdrawn', codes: ['EVT-0001'] }]);
    await run(line('EVT-0002', '50,00', 'en_vente'));
    expect(await run(line('EVT-0002', '50,00', 'vendue'))).toEqual([{ event: 'sold', codes: ['EVT-0002'] }]);
  });

  it('announces after the commit, and never a change that rolled back', async () => {
    const heard: CatalogueChange[] = [];
    const stop = onCatalogueChange(shop.database.db, (change) => heard.push(change));
    const code = await freshPart();
    const [variant] = await shop.database.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.code, code));
    const soldAt = async () =>
      (await shop.database.db.select({ soldAt: products.soldAt }).from(products).where(eq(products.code, code)))[0]!
        .soldAt;

    await expect(
      catalogueTransaction(shop.database.db, async (tx) => {
        await sellParts(tx, [variant!.id], clock);
        throw new Error('something later in the transaction failed');
      }),
    ).rejects.toThrow('something later');
    expect(await soldAt()).toBeNull();
    expect(heard).toEqual([]);

    let heardInside: CatalogueChange[] | undefined;
    await catalogueTransaction(shop.database.db, async (tx) => {
      await sellParts(tx, [variant!.id], clock);
      heardInside = [...heard];
    });
    expect(heardInside).toEqual([]);
    expect(heard).toEqual([{ event: 'sold', codes: [code] }]);
    expect(await soldAt()).not.toBeNull();
    stop();
    expect(await received()).toEqual([{ event: 'sold', codes: [code] }]);
  });
});
