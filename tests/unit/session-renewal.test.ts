/**
 * A signed-in shopper's session lives as long as its refresh token: the access token is renewed where
 * the storefront gets it (server code that can write cookies, and the proxy before pages and
 * actions), once per refresh token even when requests come together, and a customer's cart is never
 * asked for anonymously (it would answer 404 and be replaced).
 */
import { SignJWT } from 'jose';
import { NextRequest, NextResponse } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

/** The request's cookies as server code sees them: writable in actions and route handlers, not in pages. */
class Jar {
  readonly values = new Map<string, string>();
  writable = true;
  constructor(initial: Record<string, string>) {
    for (const [name, value] of Object.entries(initial)) this.values.set(name, value);
  }
  get(name: string) {
    return this.values.has(name) ? { name, value: this.values.get(name)! } : undefined;
  }
  has(name: string) {
    return this.values.has(name);
  }
  set(name: string, value: string) {
    if (!this.writable) throw new Error('Cookies can only be modified in a Server Action or Route Handler.');
    this.values.set(name, value);
  }
  delete(name: string) {
    if (!this.writable) throw new Error('Cookies can only be modified in a Server Action or Route Handler.');
    this.values.delete(name);
  }
}

// Each request has its own cookies, as in Next (requests may run at the same time).
const context = vi.hoisted(() => ({
  jar: null as unknown as Jar,
  requests: null as unknown as import('node:async_hooks').AsyncLocalStorage<Jar>,
}));
vi.mock('next/headers', async () => {
  const { AsyncLocalStorage } = await import('node:async_hooks');
  context.requests = new AsyncLocalStorage<Jar>();
  return { cookies: async () => context.requests.getStore() ?? context.jar, headers: async () => new Headers() };
});

const API = 'http://shop-api.test';
const key = new TextEncoder().encode('a-test-key-of-at-least-32-bytes!!');
const nowSeconds = () => Math.floor(Date.now() / 1000);
const accessToken = (customer: string, ttl: number) =>
  new SignJWT({ username: customer })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(customer)
    .setIssuedAt(nowSeconds() + Math.min(0, ttl) - 3600)
    .setExpirationTime(nowSeconds() + ttl)
    .sign(key);

/**
 * The shop API as far as these calls go: refresh tokens rotate on each use (a spent one is refused
 * here, stricter than the real grace period, so a second spend shows), and an order answers only to
 * its owner's live access token.
 */
class FakeShopApi {
  refreshCalls = 0;
  refreshAnswer: 'rotate' | 'refuse' | 'fail' = 'rotate';
  liveRefreshTokens = new Set<string>(['refresh-1']);
  liveAccessTokens = new Set<string>();
  refusedAccessTokens = new Set<string>();
  orders = new Map<string, { owner: string | null; items: string[] }>([
    ['cart-1', { owner: 'alice', items: ['P0000001'] }],
  ]);
  calls: string[] = [];
  private issued = 1;

  fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace('/api/v2/shop/', '');
    const bearer = new Headers(init?.headers).get('authorization')?.replace('Bearer ', '');
    const caller = bearer && this.liveAccessTokens.has(bearer) ? 'alice' : null;
    // A token that looks live but whose session the shop API ended: refused as a JWT.
    if (bearer && this.refusedAccessTokens.has(bearer)) {
      this.calls.push(`${method} ${path} refused`);
      return json(401, { code: 401, message: 'Invalid JWT Token' });
    }
    this.calls.push(`${method} ${path}${caller ? ' as alice' : ''}`);
    if (path === 'refresh-token') return this.refresh(JSON.parse(String(init?.body)).refresh_token);
    const order = /^orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && order) {
      const found = this.orders.get(order[1]);
      if (!found || found.owner !== caller) return json(404, { message: 'Not Found' });
      return json(200, {
        tokenValue: order[1],
        checkoutState: 'cart',
        paymentState: 'cart',
        items: found.items,
        itemsTotalQuantities: found.items.length,
      });
    }
    const items = /^orders\/([^/]+)\/items$/.exec(path);
    if (method === 'POST' && items) {
      const found = this.orders.get(items[1]!);
      if (!found || found.owner !== caller) return json(404, { message: 'Not Found' });
      found.items.push(JSON.parse(String(init?.body)).productVariant);
      return json(201, {
        tokenValue: items[1],
        checkoutState: 'cart',
        paymentState: 'cart',
        items: found.items,
        itemsTotalQuantities: found.items.length,
      });
    }
    if (method === 'POST' && path === 'orders') {
      const token = `cart-${this.orders.size + 1}`;
      this.orders.set(token, { owner: caller, items: [] });
      return json(201, { tokenValue: token });
    }
    return json(500, {});
  };

  private async refresh(presented: string) {
    this.refreshCalls++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (this.refreshAnswer === 'fail') return json(503, {});
    if (this.refreshAnswer === 'refuse' || !this.liveRefreshTokens.delete(presented))
      return json(401, { code: 401, message: 'Invalid JWT Refresh Token' });
    const token = await accessToken('alice', 3600);
    this.liveAccessTokens.add(token);
    const refresh = `refresh-${++this.issued}`;
    this.liveRefreshTokens.add(refresh);
    return json(200, { token, refresh_token: refresh, customer: '/api/v2/shop/customers/7' });
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let api: FakeShopApi;
let expired: string;

beforeEach(async () => {
  vi.resetModules();
  // Renewals are remembered for a few seconds by the process: each test starts with none.
  (globalThis as Record<symbol, Map<string, unknown> | undefined>)[Symbol.for('shop.session-renewals')]?.clear();
  // So are the carts the adds answered.
  (globalThis as Record<symbol, Map<string, unknown> | undefined>)[Symbol.for('shop.answered-carts')]?.clear();
  vi.stubEnv('SHOP_API_URL', API);
  api = new FakeShopApi();
  vi.stubGlobal('fetch', api.fetch);
  // Signed in an hour ago: the access token has just expired, the refresh token is live.
  expired = await accessToken('alice', -5);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const signedIn = () =>
  new Jar({ shop_token: expired, shop_refresh_token: 'refresh-1', shop_customer: '7', shop_cart_token: 'cart-1' });

describe('server code, where cookies can be written (server actions, route handlers)', () => {
  it("renews an expired access token and adds to the customer's own cart, never a new one", async () => {
    context.jar = signedIn();
    const { addToCart } = await import('@/lib/cart/server');
    expect(await addToCart('P0000002')).toEqual({ kind: 'added' });
    expect(api.calls).not.toContain('POST orders');
    expect(api.calls).toContain('POST orders/cart-1/items as alice');
    expect(api.refreshCalls).toBe(1);
    // The browser gets the rotated tokens.
    expect(context.jar.get('shop_refresh_token')?.value).toBe('refresh-2');
    expect(api.liveAccessTokens.has(context.jar.get('shop_token')!.value)).toBe(true);
  });

  it("reads the cart and says signed in for the header badges after the access token's life", async () => {
    context.jar = signedIn();
    const { GET } = await import('@/app/api/session/route');
    expect(await (await GET()).json()).toMatchObject({ authenticated: true, cartQuantity: 1 });
    expect(api.refreshCalls).toBe(1);
  });

  it('spends the refresh token once when requests renew it together, and all of them get the cart', async () => {
    const { getCart } = await import('@/lib/cart/server');
    const requests = Array.from({ length: 4 }, () => signedIn());
    const carts = await Promise.all(requests.map((jar) => context.requests.run(jar, getCart)));
    expect(carts.map((cart) => cart?.tokenValue)).toEqual(['cart-1', 'cart-1', 'cart-1', 'cart-1']);
    expect(api.refreshCalls).toBe(1);
    expect(new Set(requests.map((jar) => jar.get('shop_refresh_token')?.value))).toEqual(new Set(['refresh-2']));
  });

  it('keeps the cart when the session cannot be renewed for now: no anonymous call, no new cart', async () => {
    api.refreshAnswer = 'fail';
    context.jar = signedIn();
    const { addToCart } = await import('@/lib/cart/server');
    expect(await addToCart('P0000002')).toEqual({ kind: 'refused', code: 'panier-indisponible' });
    expect(api.calls.filter((call) => !call.startsWith('POST refresh-token'))).toEqual([]);
    expect(context.jar.get('shop_refresh_token')?.value).toBe('refresh-1');
    expect(context.jar.get('shop_cart_token')?.value).toBe('cart-1');
  });

  it("ends the session when the refresh token is refused: its cookies and the customer's cart go", async () => {
    api.refreshAnswer = 'refuse';
    context.jar = signedIn();
    const { GET } = await import('@/app/api/session/route');
    expect(await (await GET()).json()).toMatchObject({ authenticated: false, cartQuantity: 0 });
    expect([...context.jar.values.keys()]).toEqual([]);
  });
});

describe('a token the shop API refuses as a JWT (its message says so)', () => {
  it('in an action: the token is dropped, renewed once and the call retried with the new one', async () => {
    // Another life than the renewed token's, so the two differ within the same second.
    const refused = await accessToken('alice', 1800);
    api.refusedAccessTokens.add(refused);
    context.jar = new Jar({ shop_token: refused, shop_refresh_token: 'refresh-1', shop_cart_token: 'cart-1' });
    const { getCart } = await import('@/lib/cart/server');
    expect((await getCart())?.tokenValue).toBe('cart-1');
    expect(api.calls).toEqual(['GET orders/cart-1 refused', 'POST refresh-token', 'GET orders/cart-1 as alice']);
    expect(context.jar.get('shop_token')?.value).not.toBe(refused);
    expect(context.jar.get('shop_refresh_token')?.value).toBe('refresh-2');
  });

  it('while a page renders: nothing is spent and nothing is asked anonymously (the cart is kept)', async () => {
    const refused = await accessToken('alice', 3600);
    api.refusedAccessTokens.add(refused);
    context.jar = new Jar({ shop_token: refused, shop_refresh_token: 'refresh-1', shop_cart_token: 'cart-1' });
    context.jar.writable = false;
    const { getCart } = await import('@/lib/cart/server');
    expect(await getCart()).toBeNull();
    expect(api.calls).toEqual(['GET orders/cart-1 refused']);
    expect(context.jar.get('shop_cart_token')?.value).toBe('cart-1');
  });
});

describe('a page rendering (cookies cannot be written)', () => {
  it('never spends the refresh token: a rotated one would never reach the browser', async () => {
    context.jar = signedIn();
    context.jar.writable = false;
    const { getCart } = await import('@/lib/cart/server');
    await getCart();
    expect(api.refreshCalls).toBe(0);
    expect(api.liveRefreshTokens.has('refresh-1')).toBe(true);
  });

  it("reads the customer's cart with the token the proxy renewed", async () => {
    const { renewSession } = await import('@/lib/auth/renew-session');
    const request = new NextRequest('http://localhost/panier', {
      headers: { cookie: `shop_token=${expired}; shop_refresh_token=refresh-1; shop_cart_token=cart-1` },
    });
    const writes = await renewSession(request, { siteUrl: 'http://localhost' });
    expect(writes).not.toBeNull();
    context.jar = new Jar(Object.fromEntries(request.cookies.getAll().map((cookie) => [cookie.name, cookie.value])));
    context.jar.writable = false;
    const { getCart } = await import('@/lib/cart/server');
    expect((await getCart())?.tokenValue).toBe('cart-1');
    expect(api.refreshCalls).toBe(1);
  });
});

describe('the proxy, before every page and server action', () => {
  const request = (cookie: string, path = '/panier') =>
    new NextRequest(`http://localhost${path}`, { headers: { cookie } });

  it('renews an expired access token: the request goes on with the new one, the response hands it to the browser', async () => {
    const { renewSession } = await import('@/lib/auth/renew-session');
    const incoming = request(`shop_token=${expired}; shop_refresh_token=refresh-1; shop_cart_token=cart-1`);
    const writes = await renewSession(incoming, { siteUrl: 'https://shop.example' });
    expect(incoming.cookies.get('shop_refresh_token')?.value).toBe('refresh-2');
    expect(api.liveAccessTokens.has(incoming.cookies.get('shop_token')!.value)).toBe(true);
    const response = NextResponse.next();
    writes!(response);
    expect(response.cookies.get('shop_refresh_token')).toMatchObject({
      value: 'refresh-2',
      httpOnly: true,
      secure: true,
      sameSite: 'lax',
      path: '/',
    });
    expect(response.cookies.get('shop_token')?.value).toBe(incoming.cookies.get('shop_token')?.value);
    expect(incoming.cookies.get('shop_cart_token')?.value).toBe('cart-1');
  });

  it('leaves a live access token and a visitor without a session alone', async () => {
    const { renewSession } = await import('@/lib/auth/renew-session');
    const live = await accessToken('alice', 3600);
    expect(
      await renewSession(request(`shop_token=${live}; shop_refresh_token=refresh-1`), {
        siteUrl: 'http://localhost',
      }),
    ).toBeNull();
    expect(await renewSession(request('shop_cart_token=cart-9'), { siteUrl: 'http://localhost' })).toBeNull();
    expect(api.refreshCalls).toBe(0);
  });

  it('ends a session whose refresh token is refused, cart included; keeps everything when the shop API cannot answer', async () => {
    const { renewSession } = await import('@/lib/auth/renew-session');
    api.refreshAnswer = 'fail';
    const down = request(`shop_token=${expired}; shop_refresh_token=refresh-1; shop_cart_token=cart-1`);
    expect(await renewSession(down, { siteUrl: 'http://localhost' })).toBeNull();
    expect(down.cookies.get('shop_refresh_token')?.value).toBe('refresh-1');

    api.refreshAnswer = 'refuse';
    const over = request(
      `shop_token=${expired}; shop_refresh_token=refresh-1; shop_cart_token=cart-1; shop_customer=7`,
    );
    const writes = await renewSession(over, { siteUrl: 'http://localhost' });
    expect(over.cookies.getAll()).toEqual([]);
    const response = NextResponse.next();
    writes!(response);
    for (const name of ['shop_token', 'shop_refresh_token', 'shop_cart_token', 'shop_customer']) {
      expect(response.cookies.get(name)?.value, name).toBe('');
    }
  });

  it('renews once for requests that come together and for those that bring the spent refresh token just after', async () => {
    const { renewSession } = await import('@/lib/auth/renew-session');
    const cookie = `shop_token=${expired}; shop_refresh_token=refresh-1`;
    const together = [request(cookie), request(cookie, '/'), request(cookie, '/pieces')];
    await Promise.all(together.map((incoming) => renewSession(incoming, { siteUrl: 'http://localhost' })));
    const late = request(cookie, '/compte');
    await renewSession(late, { siteUrl: 'http://localhost' });
    expect(api.refreshCalls).toBe(1);
    expect([...together, late].map((incoming) => incoming.cookies.get('shop_refresh_token')?.value)).toEqual([
      'refresh-2',
      'refresh-2',
      'refresh-2',
      'refresh-2',
    ]);
  });
});

describe('when an access token needs renewing', () => {
  it('absent, unreadable, expired, or in the last quarter of its life (at most its last 30 s)', async () => {
    const { needsRenewal } = await import('@/lib/auth/refresh');
    const now = Date.now();
    const token = (iat: number, exp: number) =>
      new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(iat).setExpirationTime(exp).sign(key);
    const s = Math.floor(now / 1000);
    expect(needsRenewal(undefined, now)).toBe(true);
    expect(needsRenewal('not-a-jwt', now)).toBe(true);
    expect(needsRenewal(await token(s - 3600, s - 1), now)).toBe(true);
    // One hour: renewed in its last 30 s only.
    expect(needsRenewal(await token(s - 3000, s + 600), now)).toBe(false);
    expect(needsRenewal(await token(s - 3580, s + 20), now)).toBe(true);
    // Eight seconds: renewed in its last two.
    expect(needsRenewal(await token(s - 3, s + 5), now)).toBe(false);
    expect(needsRenewal(await token(s - 7, s + 1), now)).toBe(true);
  });
});
