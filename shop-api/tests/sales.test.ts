import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorefrontNotifier, signPayload } from '../src/notify/storefront.js';
import { BACKENDS, startTestShop, type TestShop } from './helpers/backends.js';
import type { Json } from './helpers/call.js';

const API = '/api/v2/shop';
const STAFF_TOKEN = 'staff-token-for-tests-0123456789';
const SECRET = 'revalidate-secret-for-tests-0123456789';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A stand-in storefront that records the webhook calls it receives. */
async function startReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = statuses.shift() ?? 200;
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/revalidate`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('storefront notifier', () => {
  it('batches events into one signed call, codes merged by event', async () => {
    const receiver = await startReceiver();
    const notifier = createStorefrontNotifier({ url: receiver.url, secret: SECRET, batchMs: 20 });
    notifier.announce({ event: 'held', codes: ['A'] });
    notifier.announce({ event: 'sold', codes: ['B'] });
    notifier.announce({ event: 'held', codes: ['C', 'A'] });
    await new Promise((resolve) => setTimeout(resolve, 60));
    await notifier.flush();
    expect(receiver.received).toHaveLength(1);
    const [call] = receiver.received;
    expect(JSON.parse(call!.body)).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      events: [
        { event: 'held', codes: ['A', 'C'] },
        { event: 'sold', codes: ['B'] },
      ],
    });
    const timestamp = Number(call!.headers['x-shop-timestamp']);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(5);
    expect(call!.headers['x-shop-signature']).toBe(`sha256=${signPayload(SECRET, timestamp, call!.body)}`);
    await receiver.close();
  });

  it('retries a storefront that answers 503, and reports one that stays down', async () => {
    const receiver = await startReceiver([503, 503]);
    const notifier = createStorefrontNotifier({ url: receiver.url, secret: SECRET, batchMs: 1 });
    notifier.announce({ event: 'changed', codes: ['A'] });
    await notifier.flush();
    expect(receiver.received).toHaveLength(3);

    const errors: unknown[] = [];
    const down = createStorefrontNotifier({
      url: 'http://127.0.0.1:9/api/revalidate',
      secret: SECRET,
      retries: 1,
      onError: (e) => errors.push(e),
    });
    down.announce({ event: 'changed', codes: ['A'] });
    await down.flush();
    expect(errors).toHaveLength(1);
    await receiver.close();
  });

  it('splits a large batch into calls of at most 500 codes', async () => {
    const receiver = await startReceiver();
    const notifier = createStorefrontNotifier({ url: receiver.url, secret: SECRET, batchMs: 1 });
    const codes = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);
    notifier.announce({ event: 'released', codes: codes('R', 700) });
    notifier.announce({ event: 'sold', codes: codes('S', 400) });
    await notifier.flush();
    const bodies = receiver.received.map((call) => JSON.parse(call.body) as { events: { codes: string[] }[] });
    expect(bodies.map((body) => body.events.reduce((sum, e) => sum + e.codes.length, 0))).toEqual([500, 500, 100]);
    expect(bodies.flatMap((body) => body.events.flatMap((e) => e.codes))).toEqual([
      ...codes('R', 700),
      ...codes('S', 400),
    ]);
    for (const call of receiver.received) expect(Buffer.byteLength(call.body)).toBeLessThan(16 * 1024);
    await receiver.close();
  });

  it('sends nothing without a URL or a secret', async () => {
    const receiver = await startReceiver();
    const notifier = createStorefrontNotifier({ url: receiver.url, batchMs: 1 });
    notifier.announce({ event: 'changed', codes: ['A'] });
    await notifier.flush();
    expect(receiver.received).toHaveLength(0);
    await receiver.close();
  });
});

describe.each(BACKENDS)('selling a part on %s', (backend) => {
  let shop: TestShop;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const now = new Date('2026-11-20T10:00:00Z');
  const get = async (url: string) => {
    const response = await shop.app.inject({ method: 'GET', url, headers: { accept: 'application/ld+json' } });
    return { status: response.statusCode, body: response.json() as Json };
  };
  const markSold = (code: string, token = STAFF_TOKEN) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/v2/admin/products/${code}/mark-sold`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  beforeAll(async () => {
    receiver = await startReceiver();
    shop = await startTestShop(backend, 120, {
      staffToken: STAFF_TOKEN,
      now: () => now,
      notifier: createStorefrontNotifier({ url: receiver.url, secret: SECRET, batchMs: 1 }),
    });
  });
  afterAll(async () => {
    await shop?.close();
    await receiver?.close();
  });

  it('refuses staff calls without the right token', async () => {
    expect((await markSold('P0000001', '')).statusCode).toBe(401);
    expect((await markSold('P0000001', 'x'.repeat(40))).statusCode).toBe(401);
    expect((await get(`${API}/products/P0000001`)).body.soldAt).toBeNull();
  });

  it('takes a sold part out of listings, search and the index, keeps its page, and tells the storefront', async () => {
    const first = (await get(`${API}/products?itemsPerPage=1`)).body['hydra:member'][0];
    const family = first.mainTaxon.split('/').pop();
    const before = {
      all: (await get(`${API}/products?itemsPerPage=100`)).body['hydra:totalItems'],
      family: (await get(`${API}/products?taxon=${family}&itemsPerPage=100`)).body,
      index: (await get(`${API}/products-index`)).body['hydra:totalItems'],
    };
    expect(before.family['hydra:member'].map((p: Json) => p.code)).toContain(first.code);

    const response = await markSold(first.code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: first.code, changed: true, soldAt: '2026-11-20 10:00:00' });

    const all = (await get(`${API}/products?itemsPerPage=100`)).body;
    expect(all['hydra:totalItems']).toBe(before.all - 1);
    const inFamily = (await get(`${API}/products?taxon=${family}&itemsPerPage=100`)).body;
    expect(inFamily['hydra:totalItems']).toBe(before.family['hydra:totalItems'] - 1);
    expect(inFamily['hydra:member'].map((p: Json) => p.code)).not.toContain(first.code);
    const search = (await get(`${API}/products?search=${encodeURIComponent(first.oemReference)}`)).body;
    expect(search['hydra:member'].map((p: Json) => p.code)).not.toContain(first.code);
    const index = (await get(`${API}/products-index`)).body;
    expect(index['hydra:totalItems']).toBe(before.index - 1);
    expect(index['hydra:member'].map((p: Json) => p.code)).not.toContain(first.code);

    const page = await get(`${API}/products/${first.code}`);
    expect(page.status).toBe(200);
    expect(page.body.soldAt).toBe('2026-11-20 10:00:00');
    expect(page.body.defaultVariantData.inStock).toBe(false);
    const variant = await get(`${API}/product-variants/${first.code}`);
    expect(variant.body.inStock).toBe(false);

    await shop.app.close(); // flushes the notifier
    expect(receiver.received.flatMap((call) => JSON.parse(call.body).events)).toContainEqual({
      event: 'sold',
      codes: [first.code],
    });
  });
});

describe.each(BACKENDS)('staff routes on %s', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop(backend, 20, { staffToken: STAFF_TOKEN });
  });
  afterAll(async () => {
    await shop?.close();
  });
  const markSold = (code: string) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/v2/admin/products/${code}/mark-sold`,
      headers: { authorization: `Bearer ${STAFF_TOKEN}` },
    });

  it('is idempotent and answers 404 for an unknown part', async () => {
    expect((await markSold('P0000002')).json().changed).toBe(true);
    const again = await markSold('P0000002');
    expect(again.statusCode).toBe(200);
    expect(again.json().changed).toBe(false);
    expect((await markSold('P9999999')).statusCode).toBe(404);
  });

  it('records a sale made earlier, and refuses one in the future or a date that is not one', async () => {
    const post = (soldAt: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/v2/admin/products/P0000003/mark-sold',
        headers: { authorization: `Bearer ${STAFF_TOKEN}` },
        payload: { soldAt },
      });
    expect((await post('2999-01-01T00:00:00Z')).statusCode).toBe(400);
    expect((await post('hier')).statusCode).toBe(400);
    const earlier = await post('2026-09-01T08:30:00Z');
    expect(earlier.statusCode).toBe(200);
    expect(earlier.json().soldAt).toBe('2026-09-01 08:30:00');
  });

  it('does not exist without a staff token', async () => {
    const closed = await startTestShop(backend, 5);
    const response = await closed.app.inject({
      method: 'POST',
      url: '/api/v2/admin/products/P0000001/mark-sold',
      headers: { authorization: `Bearer ${STAFF_TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    await closed.close();
  });
});
