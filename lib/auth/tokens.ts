/**
 * Cookie settings of the session (tokens only in httpOnly cookies: docs/decisions/0004), shared by the proxy
 * (renewal before pages and actions) and server code.
 */
import { AUTH_COOKIES } from './session';

export interface SessionTokens {
  token: string;
  refresh_token: string;
  customer?: string;
}

/** Refresh tokens live 30 days in the shop API: the cookies live as long. */
const SESSION_MAX_AGE = 30 * 86_400;

export function sessionCookieOptions(siteUrl: string) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: siteUrl.startsWith('https://'),
    path: '/',
    maxAge: SESSION_MAX_AGE,
  };
}

/** Name/value pairs of the session cookies for `tokens`. */
export function sessionCookies(tokens: SessionTokens): [string, string][] {
  const pairs: [string, string][] = [
    [AUTH_COOKIES.token, tokens.token],
    [AUTH_COOKIES.refreshToken, tokens.refresh_token],
  ];
  const customerId = tokens.customer?.split('/').pop();
  if (customerId) pairs.push([AUTH_COOKIES.customer, customerId]);
  return pairs;
}
