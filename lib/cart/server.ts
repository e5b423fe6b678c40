import 'server-only';
import { cookies } from 'next/headers';
import { customerCall, type ApiAnswer } from '@/lib/auth/server';
import { CART_COOKIE } from '@/lib/auth/session';
import { sessionCookieOptions } from '@/lib/auth/tokens';
import { storefrontConfig } from '@/lib/config/server';
import type { Order } from '@/lib/orders/types';
import { decideCart, isStillCart } from './rules';

/** The visitor's cart as the cart and checkout pages read it (prices in cents, computed by the shop API). */
export type Cart = Order;

export const PREVIOUS_CART_COOKIE = 'shop_previous_cart_token';

/**
 * A customer's cart answers only to them: calls go with the customer's token whenever there is a
 * session, renewed when it has expired (never anonymously instead: the cart would answer 404).
 */
function orderCall<T>(method: string, path: string, body?: unknown, refresh = true): Promise<ApiAnswer<T>> {
  return customerCall<T>(method, path, body, { refresh });
}

/** The current cart, or null (no token, gone, or already placed). Safe while rendering (nothing written there). */
export async function getCart(): Promise<Cart | null> {
  const token = (await cookies()).get(CART_COOKIE)?.value;
  if (!token) return null;
  const answer = await orderCall<Cart>('GET', `orders/${encodeURIComponent(token)}`);
  return answer.status === 200 && answer.body && isStillCart(answer.body) ? answer.body : null;
}

/** The cart token to add to (a new order when none, a new one when the old was placed). Actions only. */
export async function ensureCart(): Promise<string | null> {
  const jar = await cookies();
  // Same flags as the session: httpOnly, SameSite=Lax, Secure when the shop is served over https.
  const cookieOptions = sessionCookieOptions(storefrontConfig().siteUrl);
  const token = jar.get(CART_COOKIE)?.value;
  const current = token ? await orderCall<Cart>('GET', `orders/${encodeURIComponent(token)}`) : null;
  // Only a cart that is gone (404) or placed is replaced; a passing failure (a session that could not
  // be renewed for now among them) must not lose the cart.
  if (token && current && current.status !== 200 && current.status !== 404) return token;
  const decision = decideCart(token, current?.status === 200 ? current.body : null);
  if (decision.kind === 'keep') return token!;
  if (decision.kind === 'replace') jar.set(PREVIOUS_CART_COOKIE, decision.previousToken, cookieOptions);
  const created = await orderCall<{ tokenValue: string }>('POST', 'orders', { localeCode: 'fr_FR' });
  if (created.status !== 201 || !created.body) return null;
  jar.set(CART_COOKIE, created.body.tokenValue, cookieOptions);
  return created.body.tokenValue;
}

export { orderCall };
