import 'server-only';
import { cookies, headers as requestHeaders } from 'next/headers';
import { storefrontConfig } from '@/lib/config/server';
import { RETRY_STATUS_CODES } from '@/lib/shop-api/errors';
import { clientAddress } from './client-address';
import { AUTH_COOKIES, CART_COOKIE, isAuthenticated } from './session';
import { refreshTokens, sessionCookieOptions, sessionCookies, type SessionTokens } from './tokens';

/**
 * The signed-in customer's calls to the shop API (spec §7–§8), made by server code only:
 * Bearer from the httpOnly cookie; a JWT message in the status text or body of a 401 refreshes the
 * tokens once and retries; a failed refresh ends the session; transient statuses are retried with
 * backoff. Answers are returned, never thrown, so forms can show violations.
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
  jar.set(AUTH_COOKIES.group, group.endsWith('professional') ? 'professional' : 'individual', sessionCookieOptions(storefrontConfig().siteUrl));
}

/**
 * Ends the session (logout, refused refresh): tokens go, and so does the cart token — a signed-in
 * customer's cart answers only to them (spec §4: a reset clears auth, cart and customer; the next
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

async function send(method: string, path: string, body: unknown, token: string | undefined): Promise<ApiAnswer & { statusText: string; message?: string }> {
  const headers: Record<string, string> = { accept: 'application/ld+json', 'accept-language': 'fr-FR' };
  // The shop API limits sign-in attempts per client IP: tell it whose request this is.
  const address = clientAddress((await requestHeaders()).get('x-forwarded-for'), Number(process.env.STOREFRONT_PROXY_HOPS || 1));
  if (address) headers['x-forwarded-for'] = address;
  if (body !== undefined) headers['content-type'] = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(`${storefrontConfig().shopApiUrl}/api/v2/shop/${path}`, {
        method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store', signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      // A kept-alive connection the shop API closed as it was reused: the request never arrived, so
      // one more try is safe even for a POST (and every POST of this API tolerates a repeat).
      if (attempt === 0 && isClosedConnection(error)) continue;
      throw error;
    }
    const text = await response.text();
    let parsed: unknown = null;
    try { parsed = text ? JSON.parse(text) : null; } catch { parsed = null; }
    if (TRANSIENT.includes(response.status) && attempt < 2 && method !== 'POST') {
      await sleep(200 * 2 ** attempt);
      continue;
    }
    const message = (parsed as { message?: string } | null)?.message;
    return { status: response.status, body: parsed, statusText: response.statusText, message };
  }
}

/**
 * A call as the signed-in customer, refreshing the access token once when the shop API says so.
 * Pages pass `{ refresh: false }`: cookies cannot be written while rendering, and a rotated refresh
 * token the browser never received would end the session. The proxy refreshes before pages instead.
 */
export async function customerCall<T>(method: string, path: string, body?: unknown, { refresh = true } = {}): Promise<ApiAnswer<T>> {
  const session = await readSession();
  const first = await send(method, path, body, session.token);
  if (first.status !== 401 || !(mentionsJwt(first.statusText) || mentionsJwt(first.message))) return first as ApiAnswer<T>;
  if (!refresh) return first as ApiAnswer<T>;
  const renewed = session.refreshToken ? await refreshTokens(storefrontConfig().shopApiUrl, session.refreshToken) : null;
  if (!renewed) {
    await clearSession();
    return first as ApiAnswer<T>;
  }
  await storeSession(renewed);
  return (await send(method, path, body, renewed.token)) as ApiAnswer<T>;
}

/** A call without a customer (registration, verification, password reset). */
export async function publicCall<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  return (await send(method, path, body, undefined)) as ApiAnswer<T>;
}

/** Messages of a 422 ConstraintViolationList (spec §5), or of any other error body. */
export function violationMessages(answer: ApiAnswer): string[] {
  const body = answer.body as { violations?: { message: string }[]; 'hydra:description'?: string; message?: string } | null;
  if (body?.violations?.length) return body.violations.map((v) => v.message);
  const single = body?.['hydra:description'] ?? body?.message;
  return single ? [single] : [];
}
