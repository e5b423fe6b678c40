/**
 * Guards of spec §6, run by proxy.ts: account and checkout pages need a signed-in customer (an expired access
 * token is refreshed here, before the page renders); a signed-in customer is sent from /connexion to
 * /compte. No React, no server-only: the proxy bundles it.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { AUTH_COOKIES, CART_COOKIE, isAuthenticated } from './session';
import { isCheckoutPath } from '@/lib/checkout/guard';
import { refreshTokens, sessionCookieOptions, sessionCookies } from './tokens';
import { MAX_RETURN_PATH, safeReturnPath } from '@/lib/url/return-path';

export const SIGN_IN_PATH = '/connexion';
export const ACCOUNT_PATH = '/compte';
export const RETURN_PARAM = 'retour';

export const isAccountPath = (pathname: string) => pathname === ACCOUNT_PATH || pathname.startsWith(`${ACCOUNT_PATH}/`);
/** The account and the checkout (spec §6: checkout pages need a signed-in customer too). */
const needsSession = (pathname: string) => isAccountPath(pathname) || isCheckoutPath(pathname);

/** Seconds of validity an access token must have left for a page to trust it without refreshing. */
const MIN_VALIDITY_MS = 30_000;

export async function guardAccount(request: NextRequest, config: { shopApiUrl: string; siteUrl: string }): Promise<NextResponse | null> {
  const { pathname, search } = request.nextUrl;
  const token = request.cookies.get(AUTH_COOKIES.token)?.value;
  const refreshToken = request.cookies.get(AUTH_COOKIES.refreshToken)?.value;

  if (pathname === SIGN_IN_PATH) {
    if (!isAuthenticated({ token, refreshToken })) return null;
    const target = safeReturnPath(request.nextUrl.searchParams.get(RETURN_PARAM));
    return NextResponse.redirect(new URL(target, request.url));
  }
  if (!needsSession(pathname)) return null;
  if (isAuthenticated({ token, refreshToken }, Date.now() + MIN_VALIDITY_MS)) return null;

  const renewed = refreshToken ? await refreshTokens(config.shopApiUrl, refreshToken) : null;
  if (!renewed) {
    const signIn = new URL(SIGN_IN_PATH, request.url);
    // A return path longer than any page of the shop is not one: it would only bloat the redirect.
    const back = `${pathname}${search}`;
    signIn.searchParams.set(RETURN_PARAM, back.length <= MAX_RETURN_PATH ? back : pathname.startsWith(ACCOUNT_PATH) ? ACCOUNT_PATH : '/commande');
    const response = NextResponse.redirect(signIn);
    // A refused refresh token ends the session: its cookies go, and the customer's cart with them
    // (spec §4). A visitor who never signed in (a prefetch of /compte, say) keeps their cart.
    const ended = refreshToken ? [...Object.values(AUTH_COOKIES), CART_COOKIE] : Object.values(AUTH_COOKIES);
    for (const name of ended) if (request.cookies.has(name)) response.cookies.delete(name);
    return response;
  }
  // The page renders with the new tokens (request cookies) and the browser keeps them (response cookies).
  const pairs = sessionCookies(renewed);
  for (const [name, value] of pairs) request.cookies.set(name, value);
  const response = NextResponse.next({ request: { headers: request.headers } });
  const options = sessionCookieOptions(config.siteUrl);
  for (const [name, value] of pairs) response.cookies.set(name, value, options);
  return response;
}
