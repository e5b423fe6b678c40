/**
 * The one gateway to the shop API (lib/shop-api/, decision 0013): each rule of the shop contract
 * against a real local HTTP server standing in for the shop API — the headers, the two JWT rules,
 * retries by status and by method with a bounded backoff, the closed kept-alive connection, the time
 * budget, the shopper's address, and calls that answer instead of throwing when the shop API fails.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShopApiError } from '@/lib/shop-api/errors';
import { backoffMs, shopFetch, type ShopSession } from '@/lib/shop-api/transport';

vi.mock('server-only', () => ({}));
const request = vi.hoisted(() => ({ headers: new Headers(), cookies: new Map<string, string>() }));
vi.mock('next/headers', () => ({
  headers: async () => request.headers,
  cookies: async () => ({
    get: (name: string) => (request.cookies.has(name) ? { name, value: request.cookies.get(name)! } : undefined),
    has: (name: string) => request.cookies.has(name),
    set: (name: string, value: string) => request.cookies.set(name, value),
    delete: (name: string) => request.cookies.delete(name),
  }),
}));

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let seen: Seen[];
let answer: (seen: Seen, response: ServerResponse, index: number) => void;

const reply = (response: ServerResponse, status: number, body: unknown = {}, statusText?: string) => {
  response.statusCode = status;
  if (statusText) response.statusMessage = statusText;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((incoming, response) => {
    let body = '';
    incoming.on('data', (chunk) => (body += chunk));
    incoming.on('end', () => {
      const entry = { method: incoming.method!, url: incoming.url!, headers: incoming.headers, body };
      seen.push(entry);
      answer(entry, response, seen.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('SHOP_API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen = [];
  answer = (_seen, response) => reply(response, 200, { ok: true });
  request.headers = new Headers();
  request.cookies = new Map();
});

/** A session as server code hands it to the transport: renewals and resets are counted. */
function session(token: string, renewed: string | undefined) {
  const calls = { renew: 0, reset: 0 };
  const value: ShopSession = {
    token,
    renew: async () => {
      calls.renew++;
      return renewed;
    },
    reset: async () => {
      calls.reset++;
    },
  };
  return { value, calls };
}

describe('headers', () => {
  it('asks for JSON in French, without a token or a content type when there is none', async () => {
    await shopFetch({ path: 'products/P0000001' });
    expect(seen[0].headers).toMatchObject({ accept: 'application/json', 'accept-language': 'fr-FR' });
    expect(seen[0].headers.authorization).toBeUndefined();
    expect(seen[0].headers['content-type']).toBeUndefined();
    expect(seen[0].url).toBe('/api/v2/shop/products/P0000001');
  });

  it('asks for JSON-LD for product and order lists', async () => {
    await shopFetch({ path: 'products', ld: true, searchParams: { page: 2, taxon: undefined } });
    await shopFetch({ path: 'orders', ld: true });
    expect(seen.map((entry) => entry.headers.accept)).toEqual(['application/ld+json', 'application/ld+json']);
    expect(seen[0].url).toBe('/api/v2/shop/products?page=2');
  });

  it('sends JSON bodies, merge-patch JSON for a PATCH', async () => {
    await shopFetch({ method: 'POST', path: 'orders', body: { localeCode: 'fr_FR' } });
    await shopFetch({ method: 'PATCH', path: 'orders/abc/complete', body: {} });
    expect(seen.map((entry) => entry.headers['content-type'])).toEqual([
      'application/json',
      'application/merge-patch+json',
    ]);
    expect(JSON.parse(seen[0].body)).toEqual({ localeCode: 'fr_FR' });
  });

  it('sends the Bearer token when there is one', async () => {
    await shopFetch({ path: 'orders', session: session('token-1', undefined).value });
    expect(seen[0].headers.authorization).toBe('Bearer token-1');
  });

  it("forwards the shopper's address from server code (the peer address, as client-address.ts finds it)", async () => {
    const { publicCall } = await import('@/lib/shop-api/server');
    request.headers = new Headers({ 'x-shop-peer-address': '::ffff:203.0.113.5', 'x-forwarded-for': '198.51.100.1' });
    await publicCall('POST', 'authentication-token', { email: 'a@b.fr', password: 'x' });
    expect(seen[0].headers['x-forwarded-for']).toBe('203.0.113.5');
  });

  it('passes on the request id the load balancer gave the request, when it is one (a UUID)', async () => {
    const { publicCall } = await import('@/lib/shop-api/server');
    request.headers = new Headers({ 'x-request-id': '0B2F5C1E-3D4A-4F6B-8C9D-0E1F2A3B4C5D' });
    await publicCall('GET', 'taxons');
    expect(seen[0].headers['x-request-id']).toBe('0b2f5c1e-3d4a-4f6b-8c9d-0e1f2a3b4c5d');
    request.headers = new Headers({ 'x-request-id': 'anything the client wrote' });
    await publicCall('GET', 'taxons');
    expect(seen[1].headers['x-request-id']).toBeUndefined();
  });

  it("sends the browser's device token with a sign-in, and hands back the new one the answer brings", async () => {
    const { publicCall } = await import('@/lib/shop-api/server');
    answer = (_seen, response) => {
      response.setHeader('x-device-token', '1790000000.new.signature');
      reply(response, 200, { token: 't', refresh_token: 'r' });
    };
    const signedIn = await publicCall(
      'POST',
      'authentication-token',
      { email: 'a@b.fr', password: 'x' },
      { deviceToken: '1790000000.old.signature' },
    );
    expect(seen[0].headers['x-device-token']).toBe('1790000000.old.signature');
    expect(signedIn.deviceToken).toBe('1790000000.new.signature');
    await publicCall('POST', 'customers', {});
    expect(seen[1].headers['x-device-token']).toBeUndefined();
  });

  it('hands back how long a refusal for too many tries asks to wait (Retry-After), so the shopper is told', async () => {
    const { publicCall } = await import('@/lib/shop-api/server');
    answer = (_seen, response) => {
      response.setHeader('retry-after', '1740');
      reply(response, 429, { '@type': 'hydra:Error', 'hydra:description': 'Trop de tentatives.' });
    };
    expect((await publicCall('POST', 'customers/reset-password', { email: 'a@b.fr' })).retryAfter).toBe(1740);
  });

  it("hands back a refusal's code (the first violation's, or the error's), never lexik's numeric one", async () => {
    const { publicCall } = await import('@/lib/shop-api/server');
    const bodies: [unknown, string | undefined][] = [
      [
        { violations: [{ propertyPath: '', message: 'Vendue.', code: 'cart.sold' }, { code: 'cart.full' }] },
        'cart.sold',
      ],
      [
        { '@type': 'hydra:Error', 'hydra:description': 'Lien expiré.', code: 'account.expiredResetLink' },
        'account.expiredResetLink',
      ],
      [{ code: 401, message: 'Invalid credentials.' }, undefined],
      [{ violations: [{ propertyPath: 'email', message: 'This email is invalid.' }] }, undefined],
    ];
    for (const [body, code] of bodies) {
      answer = (_seen, response) => reply(response, 422, body);
      expect((await publicCall('POST', 'customers', {})).code, JSON.stringify(body)).toBe(code);
    }
  });
});

describe('a message mentioning JWT', () => {
  it('resets the session and never sends that token again; retried once with a renewed one', async () => {
    answer = (entry, response) =>
      entry.headers.authorization === 'Bearer old'
        ? reply(response, 401, { code: 401, message: 'Invalid JWT Token' })
        : reply(response, 200, { id: 7 });
    const { value, calls } = session('old', 'new');
    const result = await shopFetch({ path: 'customers/7', session: value });
    expect(calls.reset).toBe(1);
    expect(seen.map((entry) => entry.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(result).toMatchObject({ status: 200, body: { id: 7 } });
  });

  it('without a renewed token the call stops there: never retried without a token', async () => {
    answer = (_entry, response) => reply(response, 401, { code: 401, message: 'Expired JWT Token' });
    const { value, calls } = session('old', undefined);
    const result = await shopFetch({ path: 'orders/cart-1', session: value });
    expect(calls.reset).toBe(1);
    expect(seen).toHaveLength(1);
    expect(result).toMatchObject({ status: 401, message: 'Expired JWT Token' });
  });
});

describe('a status text mentioning JWT', () => {
  it('renews the token and retries once, on a request other than a refresh', async () => {
    answer = (_entry, response) => reply(response, 401, { code: 401, message: 'Unauthorized' }, 'Expired JWT');
    const { value, calls } = session('old', 'new');
    const result = await shopFetch({ path: 'addresses', session: value });
    expect(calls).toEqual({ renew: 1, reset: 0 });
    expect(seen.map((entry) => entry.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(result.status).toBe(401);
  });

  it('is not renewed again on the refresh call itself', async () => {
    answer = (_entry, response) => reply(response, 401, { code: 401, message: 'Unauthorized' }, 'Expired JWT');
    const { value, calls } = session('old', 'new');
    await shopFetch({ method: 'POST', path: 'refresh-token', body: { refresh_token: 'r' }, session: value });
    expect(calls.renew).toBe(0);
    expect(seen).toHaveLength(1);
  });
});

describe('automatic retries', () => {
  it.each([401, 408, 409, 425, 429, 500, 502, 503, 504])('retries a GET answered %i', async (status) => {
    answer = (_entry, response, index) => (index === 0 ? reply(response, status) : reply(response, 200, { n: 1 }));
    const result = await shopFetch({ path: 'taxons' });
    expect(seen).toHaveLength(2);
    expect(result).toMatchObject({ status: 200, body: { n: 1 } });
  });

  it('gives up after two retries, and never retries other statuses', async () => {
    answer = (_entry, response) => reply(response, 503);
    expect((await shopFetch({ path: 'taxons' })).status).toBe(503);
    expect(seen).toHaveLength(3);
    seen = [];
    answer = (_entry, response) => reply(response, 404, { message: 'Not Found' });
    expect((await shopFetch({ path: 'products/NOPE' })).status).toBe(404);
    expect(seen).toHaveLength(1);
  });

  it('waits longer before each retry, never more than two seconds', () => {
    expect([0, 1, 2, 3, 4, 10].map(backoffMs)).toEqual([200, 400, 800, 1600, 2000, 2000]);
  });

  it('never retries a POST, a PATCH or a DELETE after an answer; a PUT may be', async () => {
    answer = (_entry, response) => reply(response, 503);
    for (const method of ['POST', 'PATCH', 'DELETE']) await shopFetch({ method, path: 'orders/abc', body: {} });
    expect(seen.map((entry) => entry.method)).toEqual(['POST', 'PATCH', 'DELETE']);
    seen = [];
    await shopFetch({ method: 'PUT', path: 'orders/abc', body: {} });
    expect(seen).toHaveLength(3);
  });

  it('sends a POST again once when the connection closed without an answer', async () => {
    answer = (entry, response, index) => (index === 0 ? entry && response.socket?.destroy() : reply(response, 201));
    const result = await shopFetch({ method: 'POST', path: 'orders', body: { localeCode: 'fr_FR' } });
    expect(result.status).toBe(201);
    expect(seen.map((entry) => entry.method)).toEqual(['POST', 'POST']);
  });

  it('only once: a connection that closes again is a network failure', async () => {
    answer = (_entry, response) => response.socket?.destroy();
    await expect(shopFetch({ method: 'POST', path: 'orders', body: {} })).rejects.toMatchObject({
      name: 'ShopApiError',
      kind: 'network',
    });
    expect(seen).toHaveLength(2);
  });
});

describe('one answer type, one error type', () => {
  it('a call with no answer within its budget fails as a network ShopApiError', async () => {
    answer = () => {};
    const error = await shopFetch({ path: 'taxons', timeoutMs: 300 }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ShopApiError);
    expect(error).toMatchObject({ kind: 'network', status: null });
    expect((error as Error).message).toMatch(/timed out/);
  });

  it('calls as the shopper answer a failure (503) instead of throwing; catalogue reads throw a typed error', async () => {
    const { catalogueGet, shopperCall } = await import('@/lib/shop-api/server');
    answer = (_entry, response) => response.socket?.destroy();
    expect(await shopperCall('GET', 'orders/cart-1')).toMatchObject({ status: 503, body: null });
    answer = (_entry, response) => reply(response, 404, { message: 'Not Found' });
    await expect(catalogueGet('products/NOPE')).rejects.toMatchObject({ kind: 'not-found', status: 404 });
  });

  it('a call as the customer without a session asks nothing: 401', async () => {
    const { customerCall } = await import('@/lib/shop-api/server');
    expect((await customerCall('GET', 'orders')).status).toBe(401);
    expect(seen).toHaveLength(0);
  });
});
