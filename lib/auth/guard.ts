/**
 * Guards, run by proxy.ts after the session is renewed: account and checkout pages need a
 * signed-in customer; a signed-in customer is sent from /connexion to /compte. No React, no
 * server-only: the proxy bundles it.
 */
import type { NextRequest, NextResponse } from 'next/server';
import { AUTH_COOKIES, isAuthenticated } from './session';
import { isCheckoutPath } from '@/lib/checkout/guard';
import { guardRedirect } from '@/lib/url/guard-redirect';
import { MAX_RETURN_PATH, RETURN_PARAM, SIGN_IN_PATH, safeReturnPath, signInPath } from '@/lib/url/return-path';

const ACCOUNT_PATH = '/compte';

/**
 * Files behind the sign-in, with the page that links to each: after signing in the shopper lands on
 * that page (landing on the file downloads it and leaves the sign-in form on screen).
 */
const PAGE_OF_FILE: Readonly<Record<string, string>> = { '/compte/donnees/telechargement': '/compte/donnees' };

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
    return guardRedirect(request, new URL(target, request.url));
  }
  if (!needsSession(pathname) || isAuthenticated({ token, refreshToken })) return null;
  // A return path longer than any page of the shop is not one: it would only bloat the redirect.
  const back = PAGE_OF_FILE[pathname] ?? `${pathname}${search}`;
  const returnTo =
    back.length <= MAX_RETURN_PATH ? back : pathname.startsWith(ACCOUNT_PATH) ? ACCOUNT_PATH : '/commande';
  // A form sent from a guarded page had a session when the page was shown: it ended since.
  const signIn = signInPath(returnTo, { sessionEnded: request.method === 'POST' });
  return guardRedirect(request, new URL(signIn, request.url));
}
