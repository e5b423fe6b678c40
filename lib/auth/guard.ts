/**
 * Guards, run by proxy.ts after the session is renewed: account and checkout pages need a
 * signed-in customer; a signed-in customer is sent from /connexion to /compte. No React, no
 * server-only: the proxy bundles it.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { AUTH_COOKIES, isAuthenticated } from './session';
import { isCheckoutPath } from '@/lib/checkout/guard';
import { MAX_RETURN_PATH, safeReturnPath } from '@/lib/url/return-path';

const SIGN_IN_PATH = '/connexion';
const ACCOUNT_PATH = '/compte';
export const RETURN_PARAM = 'retour';

const isAccountPath = (pathname: string) => pathname === ACCOUNT_PATH || pathname.startsWith(`${ACCOUNT_PATH}/`);
/** The account and the checkout (checkout pages need a signed-in customer too). */
const needsSession = (pathname: string) => isAccountPath(pathname) || isCheckoutPath(pathname);

export function guardAccount(request: NextRequest): NextResponse | null {
  const { pathname, search } = request.nextUrl;
  // The proxy has renewed an expired access token already (renew-session.ts): these are the live cookies.
  const token = request.cookies.get(AUTH_COOKIES.token)?.value;
  const refreshToken = request.cookies.get(AUTH_COOKIES.refreshToken)?.value;

  if (pathname === SIGN_IN_PATH) {
    if (!isAuthenticated({ token, refreshToken })) return null;
    const target = safeReturnPath(request.nextUrl.searchParams.get(RETURN_PARAM));
    return NextResponse.redirect(new URL(target, request.url));
  }
  if (!needsSession(pathname) || isAuthenticated({ token, refreshToken })) return null;
  const signIn = new URL(SIGN_IN_PATH, request.url);
  // A return path longer than any page of the shop is not one: it would only bloat the redirect.
  const back = `${pathname}${search}`;
  signIn.searchParams.set(
    RETURN_PARAM,
    back.length <= MAX_RETURN_PATH ? back : pathname.startsWith(ACCOUNT_PATH) ? ACCOUNT_PATH : '/commande',
  );
  return NextResponse.redirect(signIn);
}
