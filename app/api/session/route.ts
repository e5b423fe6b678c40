import { cookies } from 'next/headers';
import { NextResponse } from 'next/server';
import { AUTH_COOKIES, CART_COOKIE, isAuthenticated } from '@/lib/auth/session';
import { shopGet } from '@/lib/shop-api/server';

/**
 * GET /api/session: what the header needs about the visitor — signed in or not, items in the cart —
 * without ever handing tokens to the browser. Never cached.
 */
export async function GET() {
  const jar = await cookies();
  const authenticated = isAuthenticated({ token: jar.get(AUTH_COOKIES.token)?.value, refreshToken: jar.get(AUTH_COOKIES.refreshToken)?.value });
  let cartQuantity = 0;
  const cartToken = jar.get(CART_COOKIE)?.value;
  if (cartToken) {
    const order = await shopGet<{ itemsTotalQuantities?: number; items?: { quantity: number }[] }>(`orders/${encodeURIComponent(cartToken)}`).catch(() => null);
    cartQuantity = order?.itemsTotalQuantities ?? order?.items?.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
  }
  return NextResponse.json({ authenticated, cartQuantity }, { headers: { 'Cache-Control': 'private, no-store' } });
}
