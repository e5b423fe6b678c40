import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtService } from '../src/auth/jwt.js';
import { BACKENDS, startTestShop, type TestShop } from './helpers/backends.js';
import { buyers } from './helpers/buyers.js';
import { jsonCaller } from './helpers/call.js';
import { LEA_ADDRESS } from './helpers/address.js';

const API = '/api/v2/shop';
const STAFF = 'staff-token-for-order-operations-0123';
const urls = {
  afterSuccessUrl: 'http://localhost:3000/commande/valide',
  afterCancelUrl: 'http://localhost:3000/commande/livraison',
};
const address = LEA_ADDRESS;

describe.each(BACKENDS)('placed orders on %s', (backend) => {
  let shop: TestShop;
  const jwt = createJwtService(new TextEncoder().encode('staff-orders-test-key-of-enough-length-0000'));
  let lea = '';
  let paul = '';
  const call = jsonCaller(() => shop);
  const staff = (method: string, url: string) =>
    shop.app.inject({
      method: method as 'GET',
      url: `/api/v2/admin${url}`,
      headers: { authorization: `Bearer ${STAFF}` },
    });

  /** Lea buys `code` with the sandbox; returns the order number. */
  async function buy(code: string): Promise<string> {
    const cart = (await call('POST', `${API}/orders`, {}, lea)).body.tokenValue;
    await call('POST', `${API}/orders/${cart}/items`, { productVariant: code }, lea);
    const addressed = (
      await call('PUT', `${API}/orders/${cart}`, { billingAddress: address, licencePlates: 'AB-123-CD' }, lea)
    ).body;
    await call(
      'PATCH',
      `${API}/orders/${cart}/shipments/${addressed.shipments[0].id}`,
      { shippingMethod: 'retrait_casse' },
      lea,
    );
    const checkout = (await call('POST', `${API}/orders/${cart}/pay`, urls, lea)).body.checkoutUrl;
    await shop.app.inject({
      method: 'POST',
      url: `${new URL(checkout).pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    return (await call('GET', `${API}/orders/${cart}`, undefined, lea)).body.number;
  }

  beforeAll(async () => {
    shop = await startTestShop(backend, 40, { staffToken: STAFF, jwt });
    // Two signed-in customers (a token naming a session of theirs).
    const signedIn = buyers(() => shop, jwt);
    lea = (await signedIn.newBuyer()).token;
    paul = (await signedIn.newBuyer()).token;
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('lists a customer’s placed orders to that customer only, never their cart', async () => {
    const [part] = (await call('GET', `${API}/products?itemsPerPage=10`)).body['hydra:member'];
    const number = await buy(part.code);
    await call('POST', `${API}/orders`, {}, lea); // an open cart is not an order
    const mine = (await call('GET', `${API}/orders`, undefined, lea)).body;
    expect(mine['hydra:totalItems']).toBe(1);
    expect(mine['hydra:member'][0]).toMatchObject({
      number,
      state: 'new',
      paymentState: 'paid',
      shippingState: 'ready',
      licencePlates: 'AB-123-CD',
    });
    expect(mine['hydra:member'][0].shipments[0].method).toBe('/api/v2/shop/shipping-methods/retrait_casse');
    expect((await call('GET', `${API}/orders`, undefined, paul)).body['hydra:totalItems']).toBe(0);
    expect((await call('GET', `${API}/orders`)).status).toBe(401);
  });

  it('moves an order through validate, wait, ship and fulfil, refusing steps out of order', async () => {
    const [, part] = (await call('GET', `${API}/products?itemsPerPage=10`)).body['hydra:member'];
    const number = await buy(part.code);
    expect((await staff('POST', `/orders/${number}/ship`)).statusCode).toBe(409);
    for (const [operation, expected] of [
      ['validate', 'validated/ready'],
      ['wait', 'validated/waiting'],
      ['ship', 'validated/shipped'],
      ['fulfill', 'fulfilled/shipped'],
    ] as const) {
      const response = await staff('POST', `/orders/${number}/${operation}`);
      expect(response.statusCode, operation).toBe(200);
      expect(`${response.json().state}/${response.json().shippingState}`).toBe(expected);
    }
    expect((await staff('POST', `/orders/${number}/cancel`)).json()['hydra:description']).toMatch(/impossible/);
    const unknown = await staff('POST', '/orders/999999999/validate');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'staff.orderNotFound']);
    const stranger = await shop.app.inject({
      method: 'GET',
      url: '/api/v2/admin/orders',
      headers: { authorization: 'Bearer nope' },
    });
    expect([stranger.statusCode, stranger.json().code]).toEqual([401, 'staff.token']);
  });

  it('cancels a paid order: refunded, and its part back on sale', async () => {
    const [, , part] = (await call('GET', `${API}/products?itemsPerPage=10`)).body['hydra:member'];
    const number = await buy(part.code);
    expect((await call('GET', `${API}/products/${part.code}`)).body.soldAt).not.toBeNull();
    const cancelled = (await staff('POST', `/orders/${number}/cancel`)).json();
    expect(cancelled).toMatchObject({ state: 'cancelled', paymentState: 'refunded', shippingState: 'cancelled' });
    const again = (await call('GET', `${API}/products/${part.code}`)).body;
    expect(again.soldAt).toBeNull();
    expect(again.defaultVariantData.inStock).toBe(true);
  });

  it('is driven by `npm run orders` against the running server', async () => {
    await shop.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (shop.app.server.address() as AddressInfo).port;
    const cli = fileURLToPath(new URL('../src/staff/orders-cli.ts', import.meta.url));
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], {
        env: { ...process.env, SHOP_API_URL: `http://127.0.0.1:${port}`, STAFF_API_TOKEN: STAFF },
      });
    const listed = await run('list', '--state', 'fulfilled');
    // number, date placed (Paris time), state
    expect(listed.stdout).toMatch(/^\d{9} {2}\d\d\/\d\d\/\d{4} \d\d:\d\d {2}fulfilled/m);
    const [, , , part] = (await call('GET', `${API}/products?itemsPerPage=10`)).body['hydra:member'];
    const number = await buy(part.code);
    expect((await run('validate', number)).stdout).toMatch(new RegExp(`${number} {2}\\S+ \\S+ {2}validated`));
    await expect(run('fulfill', number)).rejects.toMatchObject({ stderr: expect.stringContaining('expédiée') });
  });
});
