/**
 * An order token taken from the page's address (`/compte/commandes/<token>`) goes to the shop API with
 * the customer's token only when the customer's own list has it: a Sylius makes a visitor's cart the
 * signed-in reader's, so a stranger's link would otherwise hand the customer the stranger's cart (its
 * part, its delivery address). A real local HTTP server stands in for the shop API and records what
 * it is asked.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => {
  const session = new Map([
    ['shop_token', 'live-token'],
    ['shop_refresh_token', 'refresh-1'],
    ['shop_customer', '7'],
  ]);
  return {
    headers: async () => new Headers(),
    cookies: async () => ({
      get: (name: string) => (session.has(name) ? { name, value: session.get(name)! } : undefined),
      has: (name: string) => session.has(name),
    }),
  };
});
vi.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Error(`redirect ${to}`);
  },
}));

const OWN = 'OwnOrderToken0000000001';
const STRANGERS_CART = 'StrangersCartToken00001';

let server: Server;
/** Paths asked with a Bearer token, in order. */
let asked: string[];

const reply = (response: ServerResponse, status: number, body: unknown) => {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url!, 'http://x').pathname.replace('/api/v2/shop/', '');
    if (request.headers.authorization) asked.push(path);
    if (path === 'orders') return reply(response, 200, { 'hydra:member': [{ tokenValue: OWN, state: 'new' }] });
    if (path === `orders/${OWN}`) return reply(response, 200, { tokenValue: OWN, state: 'new', number: '000042' });
    if (path === `orders/${OWN}/withdrawal`) return reply(response, 200, { open: true });
    // A Sylius answers a visitor's cart to anyone with its token (and claims it): so would this.
    if (path.startsWith(`orders/${STRANGERS_CART}`)) return reply(response, 200, { tokenValue: STRANGERS_CART });
    reply(response, 404, {});
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
  asked = [];
});

describe('an order token from the address', () => {
  it('a stranger’s cart token is never sent with the customer’s token: not in their list, not found', async () => {
    const { getOrder, getWithdrawal } = await import('@/lib/orders/server');
    expect(await getOrder(STRANGERS_CART)).toBeNull();
    expect(await getWithdrawal(STRANGERS_CART)).toBeNull();
    expect(asked.filter((path) => path.includes(STRANGERS_CART))).toEqual([]);
    expect(asked).toContain('orders');
  });

  it('one of the customer’s own orders is read', async () => {
    const { getOrder, getWithdrawal } = await import('@/lib/orders/server');
    expect(await getOrder(OWN)).toMatchObject({ number: '000042' });
    expect(await getWithdrawal(OWN)).toEqual({ open: true });
    expect(asked).toContain(`orders/${OWN}`);
  });

  it('a withdrawal is not posted for a token outside the customer’s list', async () => {
    const { withdrawAction } = await import('@/lib/orders/actions');
    const result = await withdrawAction(STRANGERS_CART, { items: ['1'] } as never);
    expect(result).toEqual({ ok: false, messages: ['Commande introuvable.'] });
    expect(asked.filter((path) => path.includes(STRANGERS_CART))).toEqual([]);
  });
});
