/**
 * The one HTTP transport to the shop API (docs/decisions/0013): every call of the storefront goes
 * through `shopFetch`, from server code and from the proxy alike, so it imports nothing that needs
 * React, `server-only` or `next/headers`. It owns the rules of the shop contract: the headers, the
 * JWT rules, retries by method and status with a bounded backoff, one time budget per call, one
 * answer type and one error type.
 */
import { REQUEST_ID_HEADER } from './request-id';
import { RETRY_STATUS_CODES, ShopApiError } from './errors';

/** What the shop API answered, whatever the status: callers decide what a 404 or a 422 means to them. */
export interface ShopAnswer<T = unknown> {
  status: number;
  statusText: string;
  /** The JSON body; null when empty or not JSON. */
  body: T | null;
  /** The error body's `message` (lexik's JWT messages among them). */
  message?: string;
  /**
   * The refusal's code, the shop API's extension (the first violation's, or the error's): callers
   * recognise refusals by it, never by their sentence. A Sylius violation's code is its constraint's.
   */
  code?: string;
  /** A sign-in's new device token for this browser (the shop API's sign-in limits, decision 0027). */
  deviceToken?: string;
  /** A refusal's Retry-After in seconds (429): how long the shopper waits, said to them. */
  retryAfter?: number;
}

/**
 * The shopper's access token for a call, and what to do when the shop API refuses it as a JWT.
 * Absent: the call goes without a token and no JWT rule applies.
 */
export interface ShopSession {
  token: string | undefined;
  /** A new access token (the refresh call), or undefined when it cannot be renewed here and now. */
  renew(): Promise<string | undefined>;
  /** The shop API refused the access token as a JWT: the session forgets it. */
  reset(): Promise<void>;
}

/** Next's data-cache hints: catalogue reads are tagged so the revalidation webhook can expire them. */
export interface CacheHint {
  tags: string[];
  revalidate: number;
}

export interface ShopRequest {
  method?: string;
  /** Path under /api/v2/shop, without a leading slash, a query allowed (`orders/abc`, `products?page=2`). */
  path: string;
  searchParams?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON (merge-patch JSON for a PATCH). */
  body?: unknown;
  /** Ask for JSON-LD: product and order lists, and any list read with its hydra envelope. */
  ld?: boolean;
  session?: ShopSession;
  /** The shopper's address for the shop API's per-address limits (X-Forwarded-For); null: none to vouch for. */
  clientAddress?: string | null;
  /** On sign-in, this browser's device token: the shop API counts it as a place the owner signed in from. */
  deviceToken?: string;
  /** The id the load balancer gave the shopper's request: the shop API logs the call under it. */
  requestId?: string | null;
  /** Cached in Next's data cache with these tags; otherwise never cached. */
  cache?: CacheHint;
  /** The whole call's budget, retries and their waits included. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Two more tries at most after the first answer, as the shop contract's clients do. */
const MAX_RETRIES = 2;
const BACKOFF_BASE_MS = 200;
const BACKOFF_LIMIT_MS = 2_000;
export const REFRESH_PATH = 'refresh-token';

/** Base URL of the shop API as this process reaches it (SHOP_API_URL). */
const shopApiBaseUrl = (env: Record<string, string | undefined> = process.env) =>
  (env.SHOP_API_URL || 'http://127.0.0.1:8000').replace(/\/$/, '');

/** Methods that may be sent again after an answer: reading, or replacing with the same body. */
const RETRYABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT']);
const mayRetry = (method: string) => RETRYABLE_METHODS.has(method.toUpperCase());

const mentionsJwt = (text: string | null | undefined) => /jwt/i.test(text ?? '');

/** Wait before retry `n` (0-based): doubles from 200 ms, never more than 2 s. */
export const backoffMs = (n: number) => Math.min(BACKOFF_LIMIT_MS, BACKOFF_BASE_MS * 2 ** n);

function shopHeaders(
  request: Pick<ShopRequest, 'method' | 'body' | 'ld' | 'clientAddress' | 'deviceToken' | 'requestId'>,
  token?: string,
) {
  const method = (request.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = {
    accept: request.ld ? 'application/ld+json' : 'application/json',
    'accept-language': 'fr-FR',
  };
  if (request.body !== undefined)
    headers['content-type'] = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  // The shop API limits sign-in attempts per client address and believes this header from the
  // storefront only (TRUST_PROXY). Nothing to vouch for: nothing said.
  if (request.clientAddress) headers['x-forwarded-for'] = request.clientAddress;
  if (request.deviceToken) headers['x-device-token'] = request.deviceToken;
  if (request.requestId) headers[REQUEST_ID_HEADER] = request.requestId;
  return headers;
}

/**
 * A kept-alive connection the shop API closed as it was reused: the request never got an answer on
 * it, and undici reports the socket, not a reply. One more try is safe even for a POST (every POST
 * of this API tolerates a repeat of a request it never answered).
 */
const isClosedConnection = (error: unknown) => {
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET';
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function urlOf(request: ShopRequest): string {
  const url = new URL(`${shopApiBaseUrl()}/api/v2/shop/${request.path}`);
  for (const [key, value] of Object.entries(request.searchParams ?? {}))
    if (value !== undefined) url.searchParams.set(key, String(value));
  return url.toString();
}

/** The code of a refusal's body: its first violation's, or its own (a string; lexik's numeric `code` is a status). */
function refusalCode(body: unknown): string | undefined {
  const refusal = body as { code?: unknown; violations?: { code?: unknown }[] } | null;
  const code = Array.isArray(refusal?.violations) ? refusal.violations[0]?.code : refusal?.code;
  return typeof code === 'string' && code.length <= 100 ? code : undefined;
}

async function answerOf<T>(response: Response): Promise<ShopAnswer<T>> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const message = (body as { message?: unknown } | null)?.message;
  const code = refusalCode(body);
  const deviceToken = response.headers.get('x-device-token');
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  return {
    status: response.status,
    statusText: response.statusText,
    body: body as T | null,
    ...(typeof message === 'string' ? { message } : {}),
    ...(code ? { code } : {}),
    ...(deviceToken ? { deviceToken } : {}),
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
  };
}

/**
 * One call to the shop API. Answers every HTTP status (callers decide); throws `ShopApiError` of kind
 * 'network' only when no answer came within the budget.
 */
export async function shopFetch<T = unknown>(request: ShopRequest): Promise<ShopAnswer<T>> {
  const method = (request.method ?? 'GET').toUpperCase();
  const label = `${method} ${request.path}`;
  const deadline = Date.now() + (request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const session = request.session;
  let token = session?.token;
  let renewed = false;
  let reopened = false;
  for (let retries = 0; ;) {
    let response: Response;
    try {
      response = await fetch(urlOf(request), {
        method,
        headers: shopHeaders(request, token),
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal,
        ...(request.cache
          ? { next: { tags: request.cache.tags, revalidate: request.cache.revalidate } }
          : { cache: 'no-store' }),
      } as RequestInit);
    } catch (error) {
      if (!reopened && !signal.aborted && isClosedConnection(error)) {
        reopened = true;
        continue;
      }
      const why = signal.aborted ? 'timed out' : `failed: ${(error as Error).message}`;
      throw new ShopApiError('network', null, `${label} ${why}`);
    }
    const answer = await answerOf<T>(response);
    if (answer.status < 400) return answer;
    const refresh = request.path === REFRESH_PATH;
    if (session && token && mentionsJwt(answer.message)) {
      // The token is refused as a JWT: the session forgets it and it is never sent again. The call
      // is tried once more only with a renewed token, never without one (a customer's cart asked
      // anonymously answers 404 and would be replaced).
      await session.reset();
      token = undefined;
      if (refresh || renewed) return answer;
      renewed = true;
      token = await session.renew();
      if (!token) return answer;
      continue;
    }
    if (session && token && !refresh && !renewed && mentionsJwt(answer.statusText)) {
      renewed = true;
      const fresh = await session.renew();
      if (!fresh) return answer;
      token = fresh;
      continue;
    }
    if (
      !RETRY_STATUS_CODES.includes(answer.status) ||
      !mayRetry(method) ||
      retries >= MAX_RETRIES ||
      // A JWT refusal is the JWT rules' to handle: the same token would be refused again.
      mentionsJwt(answer.message) ||
      mentionsJwt(answer.statusText) ||
      Date.now() + backoffMs(retries) >= deadline
    )
      return answer;
    await sleep(backoffMs(retries));
    retries++;
  }
}

/** Messages of a 422 ConstraintViolationList, or of any other error body. */
export function violationMessages(answer: Pick<ShopAnswer, 'body'>): string[] {
  const body = answer.body as {
    violations?: { message: string }[];
    'hydra:description'?: string;
    message?: string;
  } | null;
  if (body?.violations?.length) return body.violations.map((v) => v.message);
  const single = body?.['hydra:description'] ?? body?.message;
  return single ? [single] : [];
}
