import 'server-only';
import { sessionRefused } from '@/lib/account/server';
import { customerCall } from '@/lib/auth/server';
import { shopGet, type HydraCollection } from '@/lib/shop-api/server';
import { isOrderToken, type Order, type WithdrawalStatus } from './types';

/** The signed-in customer's placed orders, newest first (GET /orders answers only theirs). */
export async function getOrders(): Promise<Order[]> {
  const answer = await customerCall<HydraCollection<Order>>('GET', 'orders', undefined, { refresh: false });
  if (answer.status === 401) sessionRefused('/compte/commandes');
  if (answer.status !== 200 || !answer.body) throw new Error(`GET orders: ${answer.status}`);
  return answer.body['hydra:member'];
}

/** One of the customer's placed orders by its token; null for a cart, an unknown token or someone else's order (the shop API answers 404). */
export async function getOrder(token: string): Promise<Order | null> {
  if (!isOrderToken(token)) return null;
  const answer = await customerCall<Order>('GET', `orders/${token}`, undefined, { refresh: false });
  if (answer.status === 401) sessionRefused(`/compte/commandes/${token}`);
  if (answer.status !== 200 || !answer.body || !answer.body.state || answer.body.state === 'cart') return null;
  return answer.body;
}

/** Names of the shipping methods by code (public, rarely changed: cached an hour). */
export async function shippingMethodNames(): Promise<Map<string, string>> {
  const methods = await shopGet<HydraCollection<{ code: string; name: string }>>('shipping-methods', {
    ld: true,
    cache: { tags: [], revalidate: 3600 },
  }).catch(() => null);
  return new Map((methods?.['hydra:member'] ?? []).map((method) => [method.code, method.name]));
}

/** The withdrawal status of one of the customer's orders; null when the shop API does not offer it (another server, or not theirs). */
export async function getWithdrawal(token: string): Promise<WithdrawalStatus | null> {
  if (!isOrderToken(token)) return null;
  const answer = await customerCall<WithdrawalStatus>('GET', `orders/${token}/withdrawal`, undefined, {
    refresh: false,
  });
  return answer.status === 200 ? answer.body : null;
}
