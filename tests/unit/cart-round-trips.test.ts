/**
 * "Ajouter au panier" as the shop API sees it, against a local HTTP server: the item is posted at once
 * (no preflight read of the cart), a cart is created only when there is none or it is gone, and the
 * cart page and the header badge that follow show the answer of the add instead of reading the cart
 * again: two requests at most for adding a part and seeing the cart.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

class Jar {
  readonly values = new Map<string, string>();
  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.values.set(name, value);
  }
  get(name: string) {
    return this.values.has(name) ? { name, value: this.values.get(name)! } : undefined;
  }
  has(name: string) {
    return this.values.has(name);
  }
  set(name: string, value: string) {
    this.values.set(name, value);
  }
  delete(name: string) {
    this.values.delete(name);
  }
}
const context = vi.hoisted(() => ({ jar: null as unknown as Jar }));
vi.mock('next/headers', () => ({ cookies: async () => context.jar, headers: async () => new Headers() }));
/** Next's redirect ends the action by throwing; the test reads where it went. */
class Redirected extends Error {
  constructor(readonly to: string) {
    super(`redirect ${to}`);
  }
}
vi.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Redirected(to);
  },
}));

const NOT_CART = 'Cette commande est déjà validée : elle ne peut plus être modifiée.';
const SOLD = 'Cette pièce vient d’être vendue : elle n’est plus disponible.';

/** The shop API's cart routes, as far as these calls go; every request it receives is listed. */
class FakeShopApi {
  requests: string[] = [];
  orders = new Map<string, { state: string; items: { id: number; code: string }[] }>();
  sold = new Set<string>();
  down = false;
  private ids = 0;

  cart(token: string) {
    const order = this.orders.get(token)!;
    return {
      tokenValue: token,
      checkoutState: order.state === 'cart' ? 'cart' : 'completed',
      paymentState: order.state === 'cart' ? 'cart' : 'paid',
      items: order.items.map((item) => ({
        id: item.id,
        variant: `/api/v2/shop/product-variants/${item.code}`,
        productName: item.code,
        total: 1000,
      })),
      itemsTotalQuantities: order.items.length,
      itemsTotal: 1000 * order.items.length,
      total: 1000 * order.items.length,
    };
  }

  answer(method: string, path: string, body: Record<string, unknown>): [number, unknown] {
    if (this.down) return [500, { message: 'Internal Server Error' }];
    if (method === 'POST' && path === 'orders') {
      const token = `cart-${this.orders.size + 1}`;
      this.orders.set(token, { state: 'cart', items: [] });
      return [201, this.cart(token)];
    }
    const match = /^orders\/([^/]+)(\/items(?:\/(\d+))?)?$/.exec(path);
    const order = match && this.orders.get(match[1]!);
    if (!match || !order) return [404, { message: 'Not Found' }];
    const token = match[1]!;
    if (method === 'GET' && !match[2]) return [200, this.cart(token)];
    if (order.state !== 'cart')
      return [422, { violations: [{ propertyPath: '', message: NOT_CART, code: 'checkout.completed' }] }];
    if (method === 'POST' && match[2]) {
      const code = String(body.productVariant);
      if (this.sold.has(code))
        return [422, { violations: [{ propertyPath: 'productVariant', message: SOLD, code: 'cart.sold' }] }];
      order.items.push({ id: ++this.ids, code });
      return [201, this.cart(token)];
    }
    if (method === 'DELETE' && match[3]) {
      order.items = order.items.filter((item) => item.id !== Number(match[3]));
      return [204, null];
    }
    return [405, {}];
  }
}

let api: FakeShopApi;
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const path = request.url!.replace('/api/v2/shop/', '');
      api.requests.push(`${request.method} ${path}`);
      const [status, body] = api.answer(request.method!, path, raw ? JSON.parse(raw) : {});
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(status === 204 ? undefined : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  vi.resetModules();
  // The carts the adds answered are remembered by the process: each test starts with none.
  (globalThis as Record<symbol, Map<string, unknown> | undefined>)[Symbol.for('shop.answered-carts')]?.clear();
  api = new FakeShopApi();
  vi.stubEnv('SHOP_API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterEach(() => vi.unstubAllEnvs());

async function add(variant: string): Promise<string> {
  const { addToCartAction } = await import('@/lib/cart/actions');
  const form = new FormData();
  form.set('variant', variant);
  try {
    await addToCartAction(form);
  } catch (error) {
    if (error instanceof Redirected) return error.to;
    throw error;
  }
  throw new Error('the action did not redirect');
}
/** What the cart page and the header's badge read after the add. */
async function cartPageAndBadge() {
  const { getCart } = await import('@/lib/cart/server');
  const { GET } = await import('@/app/api/session/route');
  return { cart: await getCart(), badge: (await (await GET()).json()).cartQuantity };
}

describe('adding a part and seeing the cart', () => {
  it('costs 2 requests without a cart: the cart is created, the part posted, and its answer shown', async () => {
    context.jar = new Jar();
    expect(await add('P0000001')).toBe('/panier?ajout=P0000001');
    const { cart, badge } = await cartPageAndBadge();
    expect(cart?.items.map((item) => item.productName)).toEqual(['P0000001']);
    expect(badge).toBe(1);
    expect(context.jar.get('shop_cart_token')?.value).toBe('cart-1');
    expect(api.requests).toEqual(['POST orders', 'POST orders/cart-1/items']);
  });

  it('costs 1 request with a cart: no preflight read, no read after', async () => {
    api.orders.set('cart-1', { state: 'cart', items: [{ id: 90, code: 'P0000009' }] });
    context.jar = new Jar({ shop_cart_token: 'cart-1' });
    expect(await add('P0000001')).toBe('/panier?ajout=P0000001');
    const { cart, badge } = await cartPageAndBadge();
    expect(cart?.items).toHaveLength(2);
    expect(badge).toBe(2);
    expect(api.requests).toEqual(['POST orders/cart-1/items']);
  });

  it('starts a new cart when the old one is gone, and keeps a placed one for its confirmation page', async () => {
    context.jar = new Jar({ shop_cart_token: 'forgotten' });
    expect(await add('P0000001')).toBe('/panier?ajout=P0000001');
    expect(api.requests).toEqual(['POST orders/forgotten/items', 'POST orders', 'POST orders/cart-1/items']);
    expect(context.jar.has('shop_previous_cart_token')).toBe(false);

    // The delivery chosen for the placed order is no choice for the new cart.
    context.jar.set('shop_shipping_choice', 'colis');
    api.orders.get('cart-1')!.state = 'new';
    api.requests = [];
    expect(await add('P0000002')).toBe('/panier?ajout=P0000002');
    expect(api.requests).toEqual(['POST orders/cart-1/items', 'POST orders', 'POST orders/cart-2/items']);
    expect(context.jar.get('shop_previous_cart_token')?.value).toBe('cart-1');
    expect(context.jar.get('shop_cart_token')?.value).toBe('cart-2');
    expect(context.jar.has('shop_shipping_choice')).toBe(false);
  });

  it('keeps the cart through a passing failure, and says why a part was refused', async () => {
    api.orders.set('cart-1', { state: 'cart', items: [] });
    context.jar = new Jar({ shop_cart_token: 'cart-1' });
    api.down = true;
    expect(await add('P0000001')).toBe('/panier?refus=panier-indisponible');
    expect(context.jar.get('shop_cart_token')?.value).toBe('cart-1');
    api.down = false;
    api.sold.add('P0000002');
    expect(await add('P0000002')).toBe('/panier?refus=vendue');
    expect(api.requests.filter((request) => request === 'POST orders')).toEqual([]);
  });

  it('with several storefronts (REDIS_URL), reads the cart after an add: another instance may change it meanwhile', async () => {
    vi.stubEnv('REDIS_URL', 'redis://127.0.0.1:1');
    context.jar = new Jar();
    await add('P0000001');
    // The next step's address saved through the other storefront.
    api.orders.get('cart-1')!.items = [];
    const { getCart } = await import('@/lib/cart/server');
    expect((await getCart())?.items).toEqual([]);
    expect(api.requests).toEqual(['POST orders', 'POST orders/cart-1/items', 'GET orders/cart-1']);
  });

  it('reads the cart again once it changed since the add (a removal)', async () => {
    context.jar = new Jar();
    await add('P0000001');
    const { removeFromCartAction } = await import('@/lib/cart/actions');
    const form = new FormData();
    form.set('item', '1');
    await expect(removeFromCartAction(form)).rejects.toBeInstanceOf(Redirected);
    const { getCart } = await import('@/lib/cart/server');
    expect((await getCart())?.items).toEqual([]);
    expect(api.requests.slice(2)).toEqual(['DELETE orders/cart-1/items/1', 'GET orders/cart-1']);
  });
});
