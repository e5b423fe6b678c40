/** Reads the Bearer JWT of a request; failures answer lexik's 401 messages (contract §2.2). */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { findCustomer, type CustomerRow } from '../db/customers.js';
import { AuthError, notFound } from '../http/errors.js';
import type { AccessClaims, JwtService } from './jwt.js';

export const JWT_MESSAGES = {
  notFound: 'JWT Token not found',
  expired: 'Expired JWT Token',
  invalid: 'Invalid JWT Token',
  badCredentials: 'Invalid credentials.',
  disabled: 'Account is disabled.',
} as const;

export async function requireCustomer(request: FastifyRequest, jwt: JwtService): Promise<AccessClaims> {
  const header = request.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) throw new AuthError(401, JWT_MESSAGES.notFound);
  const outcome = await jwt.verify(token);
  if (!outcome.ok) throw new AuthError(401, outcome.reason === 'expired' ? JWT_MESSAGES.expired : JWT_MESSAGES.invalid);
  return outcome.claims;
}

/** The signed-in customer, when `id` is theirs and the account still exists; 404 otherwise (no hint that the id exists). */
export async function requireOwnCustomer(db: Db, jwt: JwtService, request: FastifyRequest, id: string): Promise<CustomerRow> {
  const claims = await requireCustomer(request, jwt);
  if (String(claims.customerId) !== id) throw notFound();
  const customer = await findCustomer(db, claims.customerId);
  if (!customer || customer.erasedAt) throw notFound();
  return customer;
}
