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

/** The shop API's device tokens live 390 days, under the CNIL's 13 months: the cookie lives as long. */
const DEVICE_MAX_AGE = 390 * 86_400;

export function deviceCookieOptions(siteUrl: string) {
  return { ...sessionCookieOptions(siteUrl), maxAge: DEVICE_MAX_AGE };
}

/** What a device token looks like (the shop API checks the rest): anything else is not forwarded. */
export const isDeviceToken = (value: string | undefined): value is string =>
  value !== undefined && /^[\w.-]{1,200}$/.test(value);

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
