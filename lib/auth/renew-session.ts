/**
 * Run by proxy.ts before every page and server action: an access token that has expired (or is about
 * to) is renewed with the refresh token, so the page renders and the action runs signed in (request
 * cookies) and the browser keeps the new tokens (response cookies). Server components cannot write
 * cookies: this is where their session is kept alive. No React, no server-only: the proxy bundles it.
 */
import type { NextRequest, NextResponse } from 'next/server';
import { renewTokens, needsRenewal } from './refresh';
import { AUTH_COOKIES, CART_COOKIES } from './session';
import { sessionCookieOptions, sessionCookies } from './tokens';

/** What the response must carry for the browser to follow the renewal. */
export type SessionCookieWrites = (response: NextResponse) => void;

/** Renews the session in `request`'s cookies when needed; null when nothing changed. */
export async function renewSession(
  request: NextRequest,
  config: { siteUrl: string },
): Promise<SessionCookieWrites | null> {
  const refreshToken = request.cookies.get(AUTH_COOKIES.refreshToken)?.value;
  if (!refreshToken || !needsRenewal(request.cookies.get(AUTH_COOKIES.token)?.value)) return null;
  const outcome = await renewTokens(refreshToken);
  // The shop API cannot say: the cookies stay for a later request, pages show their own errors.
  if (outcome.kind === 'unavailable') return null;
  if (outcome.kind === 'renewed') {
    const pairs = sessionCookies(outcome.tokens);
    for (const [name, value] of pairs) request.cookies.set(name, value);
    const options = sessionCookieOptions(config.siteUrl);
    return (response) => {
      for (const [name, value] of pairs) response.cookies.set(name, value, options);
    };
  }
  // A refused refresh token ends the session: its cookies go, and the customer's cart with them.
  const ended = [...Object.values(AUTH_COOKIES), ...CART_COOKIES].filter((name) => request.cookies.has(name));
  for (const name of ended) request.cookies.delete(name);
  return (response) => {
    for (const name of ended) response.cookies.delete(name);
  };
}
