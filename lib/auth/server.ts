import 'server-only';
import { cookies } from 'next/headers';
import { storefrontConfig } from '@/lib/config/server';
import type { ShopSession } from '@/lib/shop-api/transport';
import { AUTH_COOKIES, CART_COOKIES, DEVICE_COOKIE, isAuthenticated, sessionCustomerId } from './session';
import { needsRenewal, renewTokens } from './refresh';
import { deviceCookieOptions, isDeviceToken, sessionCookieOptions, sessionCookies, type SessionTokens } from './tokens';

/**
 * The shopper's session in httpOnly cookies (decision 0004), for server code: read, stored, ended,
 * and handed to the shop-API gateway (lib/shop-api/server.ts) for its calls, renewed with the refresh
 * token when it has expired; a refused refresh ends the session.
 */

export async function readSession() {
  const jar = await cookies();
  const token = jar.get(AUTH_COOKIES.token)?.value;
  const refreshToken = jar.get(AUTH_COOKIES.refreshToken)?.value;
  const customerId = sessionCustomerId(token, jar.get(AUTH_COOKIES.customer)?.value);
  return { token, refreshToken, customerId, authenticated: isAuthenticated({ token, refreshToken }) };
}

export async function storeSession(tokens: SessionTokens): Promise<void> {
  const jar = await cookies();
  const options = sessionCookieOptions(storefrontConfig().siteUrl);
  for (const [name, value] of sessionCookies(tokens)) jar.set(name, value, options);
}

/** This browser's device token for the sign-in, if it has one that looks like one. */
export async function readDeviceToken(): Promise<string | undefined> {
  const value = (await cookies()).get(DEVICE_COOKIE)?.value;
  return isDeviceToken(value) ? value : undefined;
}

/** The device token a sign-in gave this browser: it replaces the one it had. */
export async function storeDeviceToken(token: string | undefined): Promise<void> {
  if (!isDeviceToken(token)) return;
  (await cookies()).set(DEVICE_COOKIE, token, deviceCookieOptions(storefrontConfig().siteUrl));
}

/** The customer's group, for the header to show professionals prices excluding VAT (display only: it grants nothing). */
export async function storeCustomerGroup(group: string): Promise<void> {
  const jar = await cookies();
  jar.set(
    AUTH_COOKIES.group,
    group.endsWith('professional') ? 'professional' : 'individual',
    sessionCookieOptions(storefrontConfig().siteUrl),
  );
}

/**
 * Ends the session (logout, refused refresh): tokens go, and so does the cart token — a signed-in
 * customer's cart answers only to them (a reset clears auth, cart and customer; the next
 * add to cart starts a new one).
 */
export async function clearSession(): Promise<void> {
  const jar = await cookies();
  for (const name of [...Object.values(AUTH_COOKIES), ...CART_COOKIES]) jar.delete(name);
}

/** Where a call stands with the shopper's session. */
type Access =
  | { kind: 'customer'; token: string | undefined }
  | { kind: 'visitor' }
  /** A session whose access token could not be renewed for now (the shop API did not answer). */
  | { kind: 'unavailable' };

/**
 * Whether this code may write cookies (route handlers and server actions may, a rendering page may
 * not). Asked before a refresh token is spent: a rotated refresh token the browser never receives
 * would end the session. The probe writes the access token cookie as it is, which the renewal then
 * replaces.
 */
function canWriteCookies(jar: Awaited<ReturnType<typeof cookies>>, token: string | undefined): boolean {
  try {
    jar.set(AUTH_COOKIES.token, token ?? '', sessionCookieOptions(storefrontConfig().siteUrl));
    return true;
  } catch {
    return false;
  }
}

async function renew(refreshToken: string): Promise<Access> {
  const outcome = await renewTokens(refreshToken);
  if (outcome.kind === 'renewed') {
    await storeSession(outcome.tokens);
    return { kind: 'customer', token: outcome.tokens.token };
  }
  if (outcome.kind === 'refused') {
    await clearSession();
    return { kind: 'visitor' };
  }
  return { kind: 'unavailable' };
}

/**
 * The shopper's access token for a call: the one place server code gets it. An expired (or nearly
 * expired) one is renewed with the refresh token where cookies can be written; while a page renders
 * the proxy has renewed it already (renew-session.ts), so the cookie is used as it is.
 */
async function sessionAccess(refresh: boolean): Promise<Access> {
  const jar = await cookies();
  const token = jar.get(AUTH_COOKIES.token)?.value;
  const refreshToken = jar.get(AUTH_COOKIES.refreshToken)?.value;
  if (!refreshToken) return { kind: 'visitor' };
  if (!needsRenewal(token) || !refresh || !canWriteCookies(jar, token)) return { kind: 'customer', token };
  return renew(refreshToken);
}

/** Whether the visitor has a session (renewed on the way where cookies can be written). */
export async function hasSession(): Promise<boolean> {
  return (await sessionAccess(true)).kind !== 'visitor';
}

/**
 * The shopper's session for a call to the shop API (lib/shop-api/server.ts): null for a visitor,
 * 'unavailable' when an expired access token could not be renewed for now. A token the shop API
 * refuses as a JWT is forgotten (where cookies can be written) and renewed once where the refresh
 * token may be spent; `refresh: false` never spends it.
 */
export async function callSession(refresh: boolean): Promise<ShopSession | null | 'unavailable'> {
  const access = await sessionAccess(refresh);
  if (access.kind === 'visitor') return null;
  if (access.kind === 'unavailable') return 'unavailable';
  return {
    token: access.token,
    async renew() {
      const jar = await cookies();
      const refreshToken = jar.get(AUTH_COOKIES.refreshToken)?.value;
      if (!refresh || !refreshToken || !canWriteCookies(jar, jar.get(AUTH_COOKIES.token)?.value)) return undefined;
      const renewed = await renew(refreshToken);
      return renewed.kind === 'customer' ? renewed.token : undefined;
    },
    async reset() {
      const jar = await cookies();
      // A page that renders cannot write cookies: /compte/session does it when the page sends the shopper there.
      if (canWriteCookies(jar, undefined)) jar.delete(AUTH_COOKIES.token);
    },
  };
}
