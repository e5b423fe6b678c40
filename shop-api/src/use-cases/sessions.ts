/**
 * A customer's sessions: opened by a sign-in, renewed by spending a refresh token (rotated on each use;
 * decision 0020), ended by sign-out. A session is a family of refresh tokens, which the access token names.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.js';
import {
  findCustomer,
  revokeRefreshToken,
  spendRefreshToken,
  storeRefreshToken,
  updateCustomer,
  type RefreshOutcome,
} from '../db/customers.js';
import { newToken, REFRESH_TTL_MS, tokenDigest } from '../domain/secrets.js';
import { iri } from '../http/jsonld.js';

/** lexik's token answer, with Sylius's `customer` IRI. */
interface SessionTokens {
  token: string;
  refresh_token: string;
  customer: string;
}

/**
 * A sign-in's tokens (a new family), or a rotation's (`family` kept, `refreshToken`: the spent token's
 * successor, already stored when spent twice).
 */
export async function openSession(
  context: AppContext,
  input: { customerId: number; email: string; family?: string; refreshToken?: string },
): Promise<SessionTokens> {
  const { db, jwt, now } = context;
  const { customerId, email, family = randomUUID(), refreshToken = newToken() } = input;
  await storeRefreshToken(db, {
    tokenHash: tokenDigest(refreshToken),
    customerId,
    family,
    expiresAt: new Date(now().getTime() + REFRESH_TTL_MS),
  });
  // The customer is active: the 2 years of the retention rule start again, and any warning is void.
  await updateCustomer(db, customerId, { lastSeenAt: now(), retentionWarnedAt: null });
  // The access token names its session: ending the session (logout, new password) ends the token too.
  return {
    token: await jwt.sign({ customerId, email, session: family }),
    refresh_token: refreshToken,
    customer: iri('customers', customerId),
  };
}

/** The presented refresh token spent: the session's next tokens, or why not (a reuse revoked its family). */
export async function renewSession(
  context: AppContext,
  input: { presented: string },
): Promise<Exclude<RefreshOutcome, { kind: 'rotated' }> | { kind: 'rotated'; tokens: SessionTokens }> {
  const { db, jwt, now } = context;
  const outcome = await spendRefreshToken(db, tokenDigest(input.presented), now());
  if (outcome.kind !== 'rotated') return outcome;
  const customer = await findCustomer(db, outcome.customerId);
  if (!customer) return { kind: 'unknown' };
  const tokens = await openSession(context, {
    customerId: customer.id,
    email: customer.email,
    family: outcome.family,
    refreshToken: jwt.successorOf(input.presented),
  });
  return { kind: 'rotated', tokens };
}

/** Sign-out: the presented refresh token revoked; false when it was already invalid. */
export async function endSession(context: AppContext, input: { presented: string }): Promise<boolean> {
  return revokeRefreshToken(context.db, tokenDigest(input.presented), context.now());
}
