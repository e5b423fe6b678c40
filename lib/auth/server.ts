import 'server-only';
import { cookies, headers as requestHeaders } from 'next/headers';
import { storefrontConfig } from '@/lib/config/server';
import { RETRY_STATUS_CODES } from '@/lib/shop-api/errors';
import { clientAddress, proxyHops } from './client-address';
import { AUTH_COOKIES, CART_COOKIE, isAuthenticated } from './session';
import { needsRenewal, renewTokens } from './refresh';
import { sessionCookieOptions, sessionCookies, type SessionTokens } from './tokens';

/**
 * The signed-in customer's calls to the shop API, made by server code only:
 * Bearer from the httpOnly cookie, renewed with the refresh token when it has expired; a refused
 * refresh ends the session; transient statuses are retried with backoff. Answers are returned, never
 * thrown, so forms can show violations.
 */
export interface ApiAnswer<T = unknown> {
  status: number;
  body: T | null;
}

export async function readSession() {
  const jar = await cookies();
  const token = jar.get(AUTH_COOKIES.token)?.value;
  const refreshToken = jar.get(AUTH_COOKIES.refreshToken)?.value;
  const customerId = jar.get(AUTH_COOKIES.customer)?.value;
  return { token, refreshToken, customerId, authenticated: isAuthenticated({ token, refreshToken }) };
}

export async function storeSession(tokens: SessionTokens): Promise<void> {
  const jar = await cookies();
  const options = sessionCookieOptions(storefrontConfig().siteUrl);
  for (const [name, value] of sessionCookies(tokens)) jar.set(name, value, options);
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
  for (const name of [...Object.values(AUTH_COOKIES), CART_COOKIE]) jar.delete(name);
}

const isClosedConnection = (error: unknown) => {
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET';
};
const mentionsJwt = (text: string | null | undefined) => /jwt/i.test(text ?? '');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TRANSIENT = RETRY_STATUS_CODES.filter((status) => status !== 401);

async function send(
  method: string,
  path: string,
  body: unknown,
  token: string | undefined,
): Promise<ApiAnswer & { statusText: string; message?: string }> {
  const headers: Record<string, string> = { accept: 'application/ld+json', 'accept-language': 'fr-FR' };
  // The shop API limits sign-in attempts per client address: tell it whose request this is (it
  // believes this header from the storefront only, TRUST_PROXY). Nothing to vouch for: nothing said.
  const address = clientAddress(await requestHeaders(), proxyHops());
  if (address) headers['x-forwarded-for'] = address;
  if (body !== undefined)
    headers['content-type'] = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(`${storefrontConfig().shopApiUrl}/api/v2/shop/${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      // A kept-alive connection the shop API closed as it was reused: the request never arrived, so
      // one more try is safe even for a POST (and every POST of this API tolerates a repeat).
      if (attempt === 0 && isClosedConnection(error)) continue;
      throw error;
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (TRANSIENT.includes(response.status) && attempt < 2 && method !== 'POST') {
      await sleep(200 * 2 ** attempt);
      continue;
    }
    const message = (parsed as { message?: string } | null)?.message;
    return { status: response.status, body: parsed, statusText: response.statusText, message };
  }
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
  const outcome = await renewTokens(storefrontConfig().shopApiUrl, refreshToken);
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

/** The answer when the session could not be renewed for now: like the shop API being down. */
const UNAVAILABLE: ApiAnswer<never> = { status: 503, body: null };

/**
 * A call as the shopper: with their access token when they have a session (renewed first when it has
 * expired), without one otherwise. A token the shop API still refuses as a JWT (a key changed, clocks
 * apart) is renewed once more and the call retried. `{ refresh: false }` never spends the refresh
 * token (cookies are checked for writability anyway).
 */
export async function customerCall<T>(
  method: string,
  path: string,
  body?: unknown,
  { refresh = true } = {},
): Promise<ApiAnswer<T>> {
  const access = await sessionAccess(refresh);
  // Never an anonymous call instead: a customer's cart would answer 404 and be replaced.
  if (access.kind === 'unavailable') return UNAVAILABLE;
  const first = await send(method, path, body, access.kind === 'customer' ? access.token : undefined);
  if (
    access.kind !== 'customer' ||
    first.status !== 401 ||
    !(mentionsJwt(first.statusText) || mentionsJwt(first.message))
  )
    return first as ApiAnswer<T>;
  const jar = await cookies();
  const refreshToken = jar.get(AUTH_COOKIES.refreshToken)?.value;
  if (!refresh || !refreshToken || !canWriteCookies(jar, access.token)) return first as ApiAnswer<T>;
  const renewed = await renew(refreshToken);
  if (renewed.kind !== 'customer') return first as ApiAnswer<T>;
  return (await send(method, path, body, renewed.token)) as ApiAnswer<T>;
}

/** A call without a customer (registration, verification, password reset). */
export async function publicCall<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  return (await send(method, path, body, undefined)) as ApiAnswer<T>;
}

/** Messages of a 422 ConstraintViolationList, or of any other error body. */
export function violationMessages(answer: ApiAnswer): string[] {
  const body = answer.body as {
    violations?: { message: string }[];
    'hydra:description'?: string;
    message?: string;
  } | null;
  if (body?.violations?.length) return body.violations.map((v) => v.message);
  const single = body?.['hydra:description'] ?? body?.message;
  return single ? [single] : [];
}
