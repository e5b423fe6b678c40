/**
 * Sign-in, token refresh and sign-out: lexik's token endpoint with Sylius's
 * `customer` IRI, gesdinet-style refresh tokens rotated on each use, and limits that slow guessing
 * without letting anyone lock the owner out (http/rate-limits.ts).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { JWT_MESSAGES } from '../auth/guard.js';
import { decoyHash, verifyPassword } from '../auth/passwords.js';
import {
  findCustomer,
  findCustomerByEmail,
  revokeRefreshToken,
  spendRefreshToken,
  storeRefreshToken,
  updateCustomer,
} from '../db/customers.js';
import { normalizeEmail } from '../domain/customer-rules.js';
import { newToken, REFRESH_TTL_MS, tokenDigest } from '../domain/secrets.js';
import { AuthError } from '../http/errors.js';
import { addressKey } from '../http/rate-limits.js';
import { API_PREFIX, iri } from '../http/jsonld.js';
import type { AppContext } from '../context.js';

const credentialsSchema = {
  body: {
    type: 'object',
    required: ['email', 'password'],
    properties: { email: { type: 'string', maxLength: 255 }, password: { type: 'string', maxLength: 4096 } },
  },
} as const;

const refreshSchema = {
  body: { type: ['object', 'null'], properties: { refresh_token: { type: 'string', maxLength: 200 } } },
} as const;

const authRoutes: FastifyPluginAsync<AppContext> = async (app, { db, jwt, limits, now }) => {
  /** A sign-in's tokens, or a rotation's (`refreshToken`: the spent token's successor, already stored when spent twice). */
  async function issueTokens(
    customerId: number,
    email: string,
    family: string = randomUUID(),
    refreshToken: string = newToken(),
  ) {
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

  async function login(request: FastifyRequest<{ Body: { email: string; password: string } }>) {
    const email = normalizeEmail(request.body.email);
    const pair = `${email} ${addressKey(request)}`;
    // Attempts are counted before the password is checked, each counter bumped once, atomically:
    // concurrent guesses cannot slip past a ceiling. The per-e-mail ceiling skips the addresses the
    // account signed in from, so a stranger reaching it never refuses the owner.
    await limits.hit(request, 'signInPerAddress', addressKey(request));
    await limits.hit(request, 'signInPerEmailAndAddress', pair);
    if (!(await limits.seen(request, 'knownAddress', pair))) await limits.hit(request, 'signInPerEmail', email);
    const customer = await findCustomerByEmail(db, email);
    // Unknown e-mails cost a hash check too: timing tells nothing about who has an account.
    const valid = await verifyPassword(customer?.passwordHash ?? (await decoyHash()), request.body.password);
    // An account not confirmed yet answers as a wrong password (lexik says « Account is disabled. »): a
    // registration sets the password, so that answer told whether the address already had a confirmed
    // account (its own password, not the one just registered, then fails).
    if (!customer || !valid || !customer.verifiedAt) throw new AuthError(401, JWT_MESSAGES.badCredentials);
    await limits.take(request, 'knownAddress', pair); // this address is now the owner's
    return issueTokens(customer.id, customer.email);
  }

  app.post(`${API_PREFIX}/authentication-token`, { schema: credentialsSchema }, login);
  app.post(`${API_PREFIX}/customers/token`, { schema: credentialsSchema }, login);

  app.post<{ Body: { refresh_token?: string } | null }>(
    `${API_PREFIX}/refresh-token`,
    { schema: refreshSchema },
    async (request) => {
      const presented = request.body?.refresh_token;
      if (!presented) throw new AuthError(401, 'Missing JWT Refresh Token');
      const outcome = await spendRefreshToken(db, tokenDigest(presented), now());
      if (outcome.kind === 'unknown') throw new AuthError(401, 'JWT Refresh Token Not Found');
      if (outcome.kind === 'expired') throw new AuthError(401, 'Invalid JWT Refresh Token');
      if (outcome.kind === 'reused') {
        request.log.warn({ customerId: outcome.customerId }, 'refresh token reused: family revoked');
        throw new AuthError(401, 'Invalid JWT Refresh Token');
      }
      const customer = await findCustomer(db, outcome.customerId);
      if (!customer) throw new AuthError(401, 'JWT Refresh Token Not Found');
      return issueTokens(customer.id, customer.email, outcome.family, jwt.successorOf(presented));
    },
  );

  app.post<{ Body: { refresh_token?: string } | null }>(
    `${API_PREFIX}/invalidate-token`,
    { schema: refreshSchema },
    async (request, reply) => {
      const presented = request.body?.refresh_token;
      if (!presented) return reply.status(400).send({ code: 400, message: 'No refresh_token found.' });
      const revoked = await revokeRefreshToken(db, tokenDigest(presented), now());
      return {
        code: 200,
        message: revoked
          ? 'The supplied refresh_token has been invalidated.'
          : 'The supplied refresh_token is already invalid.',
      };
    },
  );
};

export default authRoutes;
