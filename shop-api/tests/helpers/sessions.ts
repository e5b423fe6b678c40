/**
 * Access tokens for tests that need a signed-in customer without going through the sign-in. Every
 * access token names a live session (a refresh-token family of its customer), so the session is
 * stored as a sign-in stores it, and the token names it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { JwtService } from '../../src/auth/jwt.js';
import type { Db } from '../../src/db/client.js';
import { storeRefreshToken } from '../../src/db/customers.js';
import { tokenDigest } from '../../src/domain/secrets.js';

/** Far enough that no test's clock outlives it. */
const NEVER = new Date('2100-01-01T00:00:00Z');

/** Stores a new session (refresh-token family) of the customer; its family, which a token names as `sid`. */
export async function storeSession(db: Db, customerId: number): Promise<string> {
  const family = randomUUID();
  await storeRefreshToken(db, {
    tokenHash: tokenDigest(randomBytes(32).toString('base64url')),
    customerId,
    family,
    expiresAt: NEVER,
  });
  return family;
}

/** An access token of the customer, signed by `jwt`, naming a session stored for it. */
export async function sessionToken(db: Db, jwt: JwtService, customer: { id: number; email: string }): Promise<string> {
  return jwt.sign({ customerId: customer.id, email: customer.email, session: await storeSession(db, customer.id) });
}
