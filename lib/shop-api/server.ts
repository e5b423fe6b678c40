import 'server-only';
import { headers as requestHeaders } from 'next/headers';
import { callSession } from '@/lib/auth/server';
import { clientAddress, proxyHops } from './client-address';
import { requestIdOf } from './request-id';
import { ShopApiError } from './errors';
import { shopFetch, type CacheHint, type ShopAnswer, type ShopRequest } from './transport';

/**
 * The entry points of server code to the shop API, named by who calls (decision 0013); all go
 * through the one transport (transport.ts). The proxy has its own (proxy.ts, tokens.ts).
 */

export type { CacheHint, ShopAnswer };
export { violationMessages } from './transport';

/** Hydra collection as the shop API serves it with `Accept: application/ld+json`. */
export interface HydraCollection<T> {
  'hydra:member': T[];
  'hydra:totalItems': number;
  'hydra:view'?: Record<string, string>;
}

/**
 * Cached catalogue reads (parts, listings, vehicles, shipping methods, countries, the sitemap):
 * anonymous and shared by every shopper, so no token and no address; `ld` asks for JSON-LD
 * (collections keep their hydra envelope). Throws `ShopApiError` unless the answer is a success.
 */
export async function catalogueGet<T>(
  path: string,
  options: { searchParams?: ShopRequest['searchParams']; ld?: boolean; cache?: CacheHint } = {},
): Promise<T> {
  const answer = await shopFetch<T>({ path, ...options });
  if (answer.status >= 200 && answer.status < 300 && answer.body !== null) return answer.body;
  const kind = answer.status === 404 ? 'not-found' : answer.status >= 500 ? 'server' : 'client';
  throw new ShopApiError(kind, answer.status, `GET ${path} answered ${answer.status}`);
}

/** What a call answers when the shop API could not be asked or did not answer: like the shop API being down. */
const UNAVAILABLE: ShopAnswer<never> = { status: 503, statusText: 'Service Unavailable', body: null };

/** What a call as the customer answers without a session: what the shop API would say, without asking it. */
const NO_SESSION: ShopAnswer<never> = { status: 401, statusText: 'Unauthorized', body: null };

interface CallOptions {
  /** false: never spends the refresh token (pages that render cannot store a new one anyway). */
  refresh?: boolean;
  /** Ask for JSON-LD: product and order lists, and any list read with its hydra envelope. */
  ld?: boolean;
}

async function call<T>(
  method: string,
  path: string,
  body: unknown,
  ld: boolean,
  session: Awaited<ReturnType<typeof callSession>> | 'none',
  deviceToken?: string,
): Promise<ShopAnswer<T>> {
  // Never an anonymous call instead of a session that could not be renewed: a customer's cart would
  // answer 404 and be replaced.
  if (session === 'unavailable') return UNAVAILABLE;
  const incoming = await requestHeaders();
  try {
    return await shopFetch<T>({
      method,
      path,
      body,
      ld,
      session: session === 'none' || session === null ? undefined : session,
      // The shop API limits sign-in attempts and registrations per client address.
      clientAddress: clientAddress(incoming, proxyHops()),
      deviceToken,
      requestId: requestIdOf(incoming),
    });
  } catch (error) {
    if (error instanceof ShopApiError) return UNAVAILABLE;
    throw error;
  }
}

/**
 * A call as the signed-in customer (account, addresses, orders, export vehicles): Bearer from the
 * httpOnly cookie, renewed first when it has expired and cookies can be written; a token the shop API
 * refuses as a JWT is renewed once and the call retried (transport.ts). Without a session nothing is
 * asked: 401. Answers every status, never throws, so forms can show violations.
 */
export async function customerCall<T>(
  method: string,
  path: string,
  body?: unknown,
  { refresh = true, ld = false }: CallOptions = {},
): Promise<ShopAnswer<T>> {
  const session = await callSession(refresh);
  if (session === null) return NO_SESSION;
  return call<T>(method, path, body, ld, session);
}

/**
 * A call as the customer when there is a session, as a visitor otherwise: the cart and the order
 * (a customer's cart answers only to them, a visitor's to its token).
 */
export async function shopperCall<T>(
  method: string,
  path: string,
  body?: unknown,
  { refresh = true, ld = false }: CallOptions = {},
): Promise<ShopAnswer<T>> {
  return call<T>(method, path, body, ld, await callSession(refresh));
}

/**
 * A call without a customer, whatever the session (sign-in, registration, verification, password reset);
 * a sign-in or a reset request brings this browser's device token, if it has one.
 */
export async function publicCall<T>(
  method: string,
  path: string,
  body?: unknown,
  { deviceToken }: { deviceToken?: string } = {},
): Promise<ShopAnswer<T>> {
  return call<T>(method, path, body, false, 'none', deviceToken);
}
