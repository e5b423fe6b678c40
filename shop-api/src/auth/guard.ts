/**
 * Reads the Bearer JWT of a request; failures answer lexik's 401 messages. A token
 * counts only while its account exists, is not erased and the session it names (every token names
 * one) is not over: a signature alone would keep a deleted account or a revoked session alive for an hour.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { findActiveCustomer, type CustomerRow } from '../db/customers.js';
import { AuthError, notFound } from '../http/errors.js';
import type { AccessClaims, JwtService } from './jwt.js';

export const JWT_MESSAGES = {
  notFound: 'JWT Token not found',
  expired: 'Expired JWT Token',
  invalid: 'Invalid JWT Token',
  badCredentials: 'Invalid credentials.',
} as const;

async function signedClaims(request: FastifyRequest, jwt: JwtService): Promise<AccessClaims> {
  const header = request.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) throw new AuthError(401, JWT_MESSAGES.notFound);
  const outcome = await jwt.verify(token);
  if (!outcome.ok) throw new AuthError(401, outcome.reason === 'expired' ? JWT_MESSAGES.expired : JWT_MESSAGES.invalid);
  return outcome.claims;
}

export interface SignedIn {
  customer: CustomerRow;
  claims: AccessClaims;
}

/** The customer signed in by the request's token, whose account and session are still live; 401 otherwise. */
export async function requireSignedIn(db: Db, jwt: JwtService, request: FastifyRequest): Promise<SignedIn> {
  const claims = await signedClaims(request, jwt);
  const customer = await findActiveCustomer(db, claims.customerId, claims.session);
  if (!customer) throw new AuthError(401, JWT_MESSAGES.invalid);
  return { customer, claims };
}

export async function requireCustomer(db: Db, jwt: JwtService, request: FastifyRequest): Promise<AccessClaims> {
  return (await requireSignedIn(db, jwt, request)).claims;
}

/** The signed-in customer, when `id` is theirs; 404 otherwise (no hint that the id exists). */
export async function requireOwnCustomer(
  db: Db,
  jwt: JwtService,
  request: FastifyRequest,
  id: string,
): Promise<SignedIn> {
  const signedIn = await requireSignedIn(db, jwt, request);
  if (String(signedIn.customer.id) !== id) throw notFound();
  return signedIn;
}
