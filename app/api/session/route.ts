import { cookies } from 'next/headers';
import { NextResponse } from 'next/server';
import { AUTH_COOKIES, isAuthenticated } from '@/lib/auth/session';
import { getCart } from '@/lib/cart/server';

/**
 * GET /api/session: what the header needs about the visitor — signed in or not, items in the cart —
 * without ever handing tokens to the browser. Never cached.
 */
export async function GET() {
  const jar = await cookies();
  const authenticated = isAuthenticated({ token: jar.get(AUTH_COOKIES.token)?.value, refreshToken: jar.get(AUTH_COOKIES.refreshToken)?.value });
  const cart = await getCart().catch(() => null);
  const cartQuantity = cart?.itemsTotalQuantities ?? cart?.items.length ?? 0;
  // Professionals read prices excluding VAT next to prices including it (display only).
  const professional = authenticated && jar.get(AUTH_COOKIES.group)?.value === 'professional';
  return NextResponse.json({ authenticated, cartQuantity, professional }, { headers: { 'Cache-Control': 'private, no-store' } });
}
