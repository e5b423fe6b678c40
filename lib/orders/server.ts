import 'server-only';
import { cache } from 'react';
import { readAsCustomer, UNAVAILABLE, type Unavailable } from '@/lib/account/server';
import { catalogueGet, customerCall, type HydraCollection } from '@/lib/shop-api/server';
import { isOrderToken, type Order, type WithdrawalStatus } from './types';

/**
 * The signed-in customer's placed orders, newest first (GET /orders answers only theirs); null when
 * the shop API cannot say for now.
 */
export async function getOrders(): Promise<Order[] | null> {
  const list = await readAsCustomer<HydraCollection<Order>>('orders', '/compte/commandes', { ld: true });
  return list === UNAVAILABLE || list === null ? null : list['hydra:member'];
}

/**
 * Whether `token`, taken from an address anyone can send, is one of the customer's placed orders, by
 * their own list (read once per request). Only then does the customer's token go with it: a Sylius
 * blames a visitor's cart on the signed-in user who reads it, so reading a stranger's cart token with
 * the customer's token would make that cart (its part, its delivery address) the customer's.
 */
export const isOwnOrder = cache(async (token: string): Promise<boolean | Unavailable> => {
  if (!isOrderToken(token)) return false;
  const orders = await getOrders();
  return orders === null ? UNAVAILABLE : orders.some((order) => order.tokenValue === token);
});

/** One of the customer's placed orders by its token; null for a cart, an unknown token or someone else's order. */
export async function getOrder(token: string): Promise<Order | null | Unavailable> {
  const own = await isOwnOrder(token);
  if (own !== true) return own === UNAVAILABLE ? UNAVAILABLE : null;
  const order = await readAsCustomer<Order>(`orders/${token}`, `/compte/commandes/${token}`);
  if (order === UNAVAILABLE) return order;
  return order?.state && order.state !== 'cart' ? order : null;
}

/** Names of the shipping methods by code (public, rarely changed: cached an hour). */
export async function shippingMethodNames(): Promise<Map<string, string>> {
  const methods = await catalogueGet<HydraCollection<{ code: string; name: string }>>('shipping-methods', {
    ld: true,
    cache: { tags: [], revalidate: 3600 },
  }).catch(() => null);
  return new Map((methods?.['hydra:member'] ?? []).map((method) => [method.code, method.name]));
}

/**
 * The withdrawal status of one of the customer's orders; null when the shop API does not offer it
 * (another server, or not theirs); UNAVAILABLE when it cannot say for now.
 */
export async function getWithdrawal(token: string): Promise<WithdrawalStatus | null | Unavailable> {
  const own = await isOwnOrder(token);
  if (own !== true) return own === UNAVAILABLE ? UNAVAILABLE : null;
  const answer = await customerCall<WithdrawalStatus>('GET', `orders/${token}/withdrawal`, undefined, {
    refresh: false,
  });
  if (answer.status >= 500) return UNAVAILABLE;
  return answer.status === 200 ? answer.body : null;
}
