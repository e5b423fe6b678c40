/**
 * Checkout guard, run by proxy.ts after the session guard (which already sent visitors
 * without a session to /connexion, returning to the step): an empty or placed cart sends back to
 * /panier; /commande itself leads to the first step. The confirmation page is exempt: the cart it
 * shows is no longer a cart. No React, no server-only: the proxy bundles it.
 */
import type { NextRequest, NextResponse } from 'next/server';
import { AUTH_COOKIES, CART_COOKIE } from '@/lib/auth/session';
import { isStillCart } from '@/lib/cart/rules';
import { proxyRead } from '@/lib/shop-api/proxy';
import { guardRedirect } from '@/lib/url/guard-redirect';
import { PAYMENT_RETURN } from './state';

const CHECKOUT_PATH = '/commande';
export const isCheckoutPath = (pathname: string) =>
  pathname === CHECKOUT_PATH || pathname.startsWith(`${CHECKOUT_PATH}/`);

/** Parts in the visitor's cart; null when the shop API cannot say (the page then shows its own error). */
async function cartQuantity(cartToken: string, accessToken: string | undefined): Promise<number | null> {
  const answer = await proxyRead<{
    tokenValue: string;
    state?: string;
    checkoutState: string;
    paymentState: string;
    itemsTotalQuantities?: number;
  }>(`orders/${encodeURIComponent(cartToken)}`, accessToken);
  if (answer?.status === 404) return 0;
  const order = answer?.status === 200 ? answer.body : null;
  if (!order) return null;
  return isStillCart(order) ? (order.itemsTotalQuantities ?? 0) : 0;
}

export async function guardCheckout(request: NextRequest): Promise<NextResponse | null> {
  const { pathname } = request.nextUrl;
  if (!isCheckoutPath(pathname) || pathname === PAYMENT_RETURN.success) return null;
  const cartToken = request.cookies.get(CART_COOKIE)?.value;
  const quantity = cartToken ? await cartQuantity(cartToken, request.cookies.get(AUTH_COOKIES.token)?.value) : 0;
  if (quantity === 0) return guardRedirect(request, new URL('/panier', request.url));
  if (pathname === CHECKOUT_PATH) return guardRedirect(request, new URL('/commande/adresses', request.url));
  return null;
}
