/**
 * Checkout guard, run by proxy.ts after the session guard (which already sent visitors
 * without a session to /connexion, returning to the step): an empty or placed cart sends back to
 * /panier; /commande itself leads to the first step. The confirmation page is exempt: the cart it
 * shows is no longer a cart. No React, no server-only: the proxy bundles it.
 */
import type { NextRequest, NextResponse } from 'next/server';
import { AUTH_COOKIES, CART_COOKIE, sessionCustomerId } from '@/lib/auth/session';
import { isStillCart } from '@/lib/cart/rules';
import { isShopIdentifier } from '@/lib/shop-api/identifier';
import { proxyRead } from '@/lib/shop-api/proxy';
import { guardRedirect } from '@/lib/url/guard-redirect';
import { sessionCheckPath } from '@/lib/url/return-path';
import { PAYMENT_RETURN } from './state';

const CHECKOUT_PATH = '/commande';
export const isCheckoutPath = (pathname: string) =>
  pathname === CHECKOUT_PATH || pathname.startsWith(`${CHECKOUT_PATH}/`);

/**
 * Parts in the visitor's cart; null when the shop API cannot say (the page then shows its own error);
 * 'refused' when it refused the session's token, which looked live (ended elsewhere: a new password).
 */
async function cartQuantity(
  cartToken: string,
  session: { token?: string; customerId?: string },
): Promise<number | null | 'refused'> {
  const answer = await proxyRead<{
    tokenValue: string;
    state?: string;
    checkoutState: string;
    paymentState: string;
    itemsTotalQuantities?: number;
  }>(`orders/${encodeURIComponent(cartToken)}`, session.token);
  // A customer's cart answers 404 to a token the shop API no longer takes, as to anyone not its owner:
  // the customer's own record tells a cart gone from a session ended (one more call, on this path only).
  if (answer?.status === 404) return (await sessionRefused(session)) ? 'refused' : 0;
  if (answer?.status === 401 && session.token) return 'refused';
  const order = answer?.status === 200 ? answer.body : null;
  if (!order) return null;
  return isStillCart(order) ? (order.itemsTotalQuantities ?? 0) : 0;
}

async function sessionRefused({ token, customerId }: { token?: string; customerId?: string }): Promise<boolean> {
  if (!token || !customerId || !isShopIdentifier(customerId)) return false;
  return (await proxyRead(`customers/${customerId}`, token))?.status === 401;
}

export async function guardCheckout(request: NextRequest): Promise<NextResponse | null> {
  const { pathname } = request.nextUrl;
  if (!isCheckoutPath(pathname) || pathname === PAYMENT_RETURN.success) return null;
  const cartToken = request.cookies.get(CART_COOKIE)?.value;
  const token = request.cookies.get(AUTH_COOKIES.token)?.value;
  const session = { token, customerId: sessionCustomerId(token, request.cookies.get(AUTH_COOKIES.customer)?.value) };
  const quantity = cartToken ? await cartQuantity(cartToken, session) : 0;
  // /compte/session ends the session (a page cannot write cookies) and leads to the sign-in page,
  // which comes back to this step.
  if (quantity === 'refused') return guardRedirect(request, new URL(sessionCheckPath(pathname), request.url));
  if (quantity === 0) return guardRedirect(request, new URL('/panier', request.url));
  if (pathname === CHECKOUT_PATH) return guardRedirect(request, new URL('/commande/adresses', request.url));
  return null;
}
