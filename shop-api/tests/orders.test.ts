import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtService } from '../src/auth/jwt.js';
import { productVariants } from '../src/db/schema.js';
import { CART_MESSAGES } from '../src/domain/cart.js';
import { BACKENDS, startTestShop, type TestShop } from './helpers/backends.js';

const API = '/api/v2/shop';
const STAFF = 'staff-token-for-order-tests-0123456789';
type Json = Record<string, any>;

describe.each(BACKENDS)('carts on %s', (backend) => {
  let shop: TestShop;
  const jwt = createJwtService(new TextEncoder().encode('order-tests-signing-key-of-enough-length-000'));
  const call = async (method: string, url: string, body?: unknown, token?: string) => {
    const response = await shop.app.inject({
      method: method as 'GET', url,
      headers: { accept: 'application/ld+json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.statusCode, body: (response.body ? response.json() : null) as Json };
  };
  const parts = async (n: number) => ((await call('GET', `${API}/products?itemsPerPage=${n}`)).body['hydra:member'] as Json[]);

  beforeAll(async () => {
    shop = await startTestShop(backend, 30, { staffToken: STAFF, jwt });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('creates an empty cart with every state at cart', async () => {
    const created = await call('POST', `${API}/orders`, { localeCode: 'fr_FR' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      '@type': 'Order', state: 'cart', checkoutState: 'cart', paymentState: 'cart', shippingState: 'cart',
      items: [], itemsTotal: 0, total: 0, currencyCode: 'EUR', localeCode: 'fr_FR', number: null,
    });
    expect(created.body.tokenValue).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await call('GET', `${API}/orders/${created.body.tokenValue}`)).body).not.toHaveProperty('state');
    expect((await call('GET', `${API}/orders/inconnu`)).status).toBe(404);
  });

  it('adds a part once at its price, by code or IRI, and removes it', async () => {
    const [first, second] = await parts(2);
    const cart = (await call('POST', `${API}/orders`, {})).body;
    const added = await call('POST', `${API}/orders/${cart.tokenValue}/items`, { productVariant: first!.defaultVariant, quantity: 1 });
    expect(added.status).toBe(201);
    expect(added.body.items).toHaveLength(1);
    expect(added.body.items[0]).toMatchObject({ productName: first!.name, quantity: 1, unitPrice: first!.defaultVariantData.price });
    const both = await call('POST', `${API}/orders/${cart.tokenValue}/items`, { productVariant: second!.code });
    expect(both.body.itemsTotal).toBe(first!.defaultVariantData.price + second!.defaultVariantData.price);
    expect(both.body.itemsTotalQuantities).toBe(2);

    const again = await call('POST', `${API}/orders/${cart.tokenValue}/items`, { productVariant: first!.code });
    expect(again.status).toBe(422);
    expect(again.body.violations).toEqual([{ propertyPath: 'productVariant', message: CART_MESSAGES.already }]);
    expect((await call('POST', `${API}/orders/${cart.tokenValue}/items`, { productVariant: 'P9999999' })).status).toBe(422);

    const itemId = both.body.items[0].id;
    expect((await call('DELETE', `${API}/orders/${cart.tokenValue}/items/${itemId}`)).status).toBe(204);
    expect((await call('DELETE', `${API}/orders/${cart.tokenValue}/items/${itemId}`)).status).toBe(404);
    const after = (await call('GET', `${API}/orders/${cart.tokenValue}`)).body;
    expect(after.items).toHaveLength(1);
    expect(after.total).toBe(second!.defaultVariantData.price);
  });

  it('refuses a second unit, a sold part and a part held by another checkout, in French', async () => {
    const [, , , part, held] = await parts(5);
    const cart = (await call('POST', `${API}/orders`, {})).body;
    const two = await call('POST', `${API}/orders/${cart.tokenValue}/items`, { productVariant: part!.code, quantity: 2 });
    expect(two.body.violations).toEqual([{ propertyPath: 'quantity', message: CART_MESSAGES.quantity }]);

    await shop.app.inject({ method: 'POST', url: `/api/v2/admin/products/${part!.code}/mark-sold`, headers: { authorization: `Bearer ${STAFF}` } });
    const sold = await call('POST', `${API}/orders/${cart.tokenValue}/items`, { productVariant: part!.code });
    expect(sold.status).toBe(422);
    expect(sold.body.violations[0].message).toBe(CART_MESSAGES.sold);

    await shop.database.db.update(productVariants).set({ onHold: 1 }).where(eq(productVariants.code, held!.code));
    const reserved = await call('POST', `${API}/orders/${cart.tokenValue}/items`, { productVariant: held!.code });
    expect(reserved.body.violations[0].message).toBe(CART_MESSAGES.reserved);
  });

  it('keeps a signed-in customer’s cart to that customer', async () => {
    const alice = await jwt.sign({ customerId: 1, email: 'alice@exemple.fr' });
    const bob = await jwt.sign({ customerId: 2, email: 'bob@exemple.fr' });
    // Customers 1 and 2 must exist for the foreign key: register them through the API.
    for (const email of ['alice@exemple.fr', 'bob@exemple.fr']) {
      await call('POST', `${API}/customers`, { firstName: 'Test', lastName: 'Client', email, password: 'pieces-auto-2026' });
    }
    const cart = (await call('POST', `${API}/orders`, {}, alice)).body;
    expect((await call('GET', `${API}/orders/${cart.tokenValue}`, undefined, alice)).status).toBe(200);
    expect((await call('GET', `${API}/orders/${cart.tokenValue}`, undefined, bob)).status).toBe(404);
    expect((await call('GET', `${API}/orders/${cart.tokenValue}`)).status).toBe(404);
    expect((await call('POST', `${API}/orders`, {}, 'pas.un.jeton')).status).toBe(401);
  });
});
