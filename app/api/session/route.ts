import { cookies } from 'next/headers';
import { NextResponse } from 'next/server';
import { hasSession } from '@/lib/auth/server';
import { AUTH_COOKIES } from '@/lib/auth/session';
import { getCart } from '@/lib/cart/server';

/**
 * GET /api/session: what the header needs about the visitor — signed in or not, items in the cart —
 * without ever handing tokens to the browser. The proxy does not run for /api/: an expired access
 * token is renewed here (a route handler can write the new cookies). Never cached.
 */
export async function GET() {
  const authenticated = await hasSession();
  const cart = await getCart().catch(() => null);
  const cartQuantity = cart?.itemsTotalQuantities ?? cart?.items.length ?? 0;
  // Professionals read prices excluding VAT next to prices including it (display only).
  const professional = authenticated && (await cookies()).get(AUTH_COOKIES.group)?.value === 'professional';
  return NextResponse.json(
    { authenticated, cartQuantity, professional },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}
