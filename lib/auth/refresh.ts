/**
 * Renewal of the shopper's access token with the refresh token (the call itself goes through the
 * gateway, lib/shop-api/tokens.ts), used by the proxy (before pages and server actions) and by server code that can
 * write cookies (route handlers, server actions). No React, no server-only: the proxy bundles it.
 *
 * The shop API rotates the refresh token on each use and revokes the whole login when a spent one
 * comes back after a short grace: so concurrent renewals with the same refresh token in this process
 * share one call and, for a few seconds after it, its answer.
 */
import { decodeJwt } from 'jose';
import { refreshTokens } from '@/lib/shop-api/tokens';
import type { SessionTokens } from './tokens';

export type RenewalOutcome =
  | { kind: 'renewed'; tokens: SessionTokens }
  /** The shop API refused the refresh token: the session is over. */
  | { kind: 'refused' }
  /** The shop API could not answer: the session stays as it is, nothing is decided. */
  | { kind: 'unavailable' };

/** An access token is renewed before use in the last quarter of its life, and at most 30 s before it ends. */
const MAX_MARGIN_S = 30;

/** Whether the access token must be renewed before a call: absent, unreadable, expired or about to be. */
export function needsRenewal(token: string | undefined, nowMs = Date.now()): boolean {
  if (!token) return true;
  let exp: unknown;
  let iat: unknown;
  try {
    ({ exp, iat } = decodeJwt(token));
  } catch {
    return true;
  }
  if (typeof exp !== 'number') return true;
  const life = typeof iat === 'number' && iat < exp ? exp - iat : MAX_MARGIN_S * 4;
  return (exp - Math.min(MAX_MARGIN_S, life / 4)) * 1000 <= nowMs;
}

/**
 * How long a renewal's answer is handed to later requests that bring the same (now spent) refresh
 * token: those the browser sent before it received the new cookies. Well under the shop API's grace.
 */
const KEEP_RENEWED_MS = 10_000;

interface Renewal {
  outcome: Promise<RenewalOutcome>;
  /** When the answer came (null while the call is under way). */
  settledAt: number | null;
}

// Shared by every bundle of this process (the proxy and the server are bundled apart).
const KEY = Symbol.for('shop.session-renewals');
const store = globalThis as typeof globalThis & { [KEY]?: Map<string, Renewal> };
const renewals = (store[KEY] ??= new Map<string, Renewal>());

/** POST /refresh-token once per refresh token at a time; concurrent callers share the answer. */
export function renewTokens(refreshToken: string): Promise<RenewalOutcome> {
  const nowMs = Date.now();
  for (const [key, renewal] of renewals) {
    if (renewal.settledAt !== null && nowMs - renewal.settledAt >= KEEP_RENEWED_MS) renewals.delete(key);
  }
  const known = renewals.get(refreshToken);
  if (known) return known.outcome;
  const renewal: Renewal = { outcome: callRefresh(refreshToken), settledAt: null };
  renewals.set(refreshToken, renewal);
  void renewal.outcome.then((outcome) => {
    // Only new tokens are worth handing out again: a refusal or a failure is asked anew next time.
    if (outcome.kind === 'renewed') renewal.settledAt = Date.now();
    else renewals.delete(refreshToken);
  });
  return renewal.outcome;
}

async function callRefresh(refreshToken: string): Promise<RenewalOutcome> {
  const answer = await refreshTokens(refreshToken);
  if (!answer) return { kind: 'unavailable' };
  // 401 (unknown, expired, revoked or reused) and 400 (malformed): this refresh token is over.
  if (answer.status === 400 || answer.status === 401) return { kind: 'refused' };
  const body = answer.body;
  return answer.status < 300 && body?.token && body.refresh_token
    ? { kind: 'renewed', tokens: body as SessionTokens }
    : { kind: 'unavailable' };
}
