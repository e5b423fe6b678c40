/**
 * Sign-in, token refresh and sign-out: lexik's token endpoint with Sylius's
 * `customer` IRI, gesdinet-style refresh tokens rotated on each use, and limits that slow guessing
 * without letting anyone lock the owner out (http/rate-limits.ts, decisions 0009 and 0027).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { JWT_MESSAGES } from '../auth/guard.js';
import { decoyHash, verifyPassword } from '../auth/passwords.js';
import { findCustomerByEmail } from '../db/customers.js';
import { normalizeEmail } from '../domain/customer-rules.js';
import { AuthError } from '../http/errors.js';
import { askerOf, DEVICE_HEADER } from '../http/asker.js';
import { addressKey, knownAddressKey, signInAccountKey, type RateRule } from '../http/rate-limits.js';
import { API_PREFIX } from '../http/jsonld.js';
import type { AppContext } from '../context.js';
import { endSession, openSession, renewSession } from '../use-cases/sessions.js';

const credentialsSchema = {
  body: {
    type: 'object',
    required: ['email', 'password'],
    properties: { email: { type: 'string', maxLength: 255 }, password: { type: 'string', maxLength: 4096 } },
  },
} as const;

/**
 * A device token lives 390 days, under the 13 months the CNIL allows a cookie whatever the day it
 * starts; the storefront's cookie lives as long. A new one (new id) comes with each sign-in.
 */
const DEVICE_TTL_MS = 390 * 86_400_000;

/** A sign-in ceiling's scope: its failure rule, its attempt rule, and the key both count under. */
type Scope = [failures: RateRule, attempts: RateRule, key: string];

const refreshSchema = {
  body: { type: ['object', 'null'], properties: { refresh_token: { type: 'string', maxLength: 200 } } },
} as const;

const authRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db, jwt, limits } = context;

  async function login(request: FastifyRequest<{ Body: { email: string; password: string } }>, reply: FastifyReply) {
    const email = normalizeEmail(request.body.email);
    // Looked up before the limits, one query by a unique key whether or not the e-mail has an account.
    const customer = await findCustomerByEmail(db, email);
    // The counters naming the e-mail start again when the owner proves the mailbox (a reset, a confirmation
    // link): guesses counted before it no longer refuse the owner, and what they learnt (known addresses,
    // device tokens) no longer passes for the owner either.
    const account = signInAccountKey(email, customer?.mailboxProvenAt);
    const address = addressKey(request);
    const pair = knownAddressKey(email, customer?.mailboxProvenAt, address);
    const presented = askerOf(limits, request).device;
    const device = presented ? jwt.deviceOf(presented, account) : null;
    // A browser the owner signed in with is counted under its token's own id (from any address) instead of
    // the e-mail and the address: strangers guessing from the owner's own network (a household, a
    // carrier's or an office's shared address) or from elsewhere never refuse it, and a copied token
    // guesses no faster than one address. Without one, an address the owner signed in from (or used a
    // reset link from) is counted for that e-mail alone: neither the strangers guessing other e-mails
    // from it nor those guessing this e-mail elsewhere refuse the owner there.
    const known = await limits.seen(request, 'knownAddress', pair);
    const scopes: Scope[] = [];
    if (device) scopes.push(['signInFailuresPerDevice', 'signInAttemptsPerDevice', `${account} ${device}`]);
    else {
      scopes.push(['signInFailuresPerEmailAndAddress', 'signInAttemptsPerEmailAndAddress', pair]);
      if (!known) scopes.push(['signInFailuresPerAddress', 'signInAttemptsPerAddress', address]);
      if (!known) scopes.push(['signInFailuresPerEmail', 'signInAttemptsPerEmail', account]);
    }
    // Failures are checked before the password and counted after a wrong one, so successes use up
    // nothing; every attempt is counted before, atomically, which bounds the hash work and the guesses
    // sent at once that pass the failure check together.
    for (const [failures, , key] of scopes) await limits.check(request, failures, key);
    for (const [, attempts, key] of scopes) await limits.hit(request, attempts, key);
    // Unknown e-mails cost a hash check too: timing tells nothing about who has an account.
    const valid = await verifyPassword(customer?.passwordHash ?? (await decoyHash()), request.body.password);
    // An account not confirmed yet answers as a wrong password (lexik says « Account is disabled. »): a
    // registration sets the password, so that answer told whether the address already had a confirmed
    // account (its own password, not the one just registered, then fails).
    if (!customer || !valid || !customer.verifiedAt) {
      for (const [failures, , key] of scopes) await limits.take(request, failures, key);
      throw new AuthError(401, JWT_MESSAGES.badCredentials);
    }
    await limits.take(request, 'knownAddress', pair); // this address is now the owner's
    // This browser too, wherever it goes next; in a header, so the answer's body stays lexik's.
    reply.header(DEVICE_HEADER, jwt.deviceToken(account, DEVICE_TTL_MS));
    return openSession(context, { customerId: customer.id, email: customer.email });
  }

  app.post(`${API_PREFIX}/authentication-token`, { schema: credentialsSchema }, login);
  app.post(`${API_PREFIX}/customers/token`, { schema: credentialsSchema }, login);

  app.post<{ Body: { refresh_token?: string } | null }>(
    `${API_PREFIX}/refresh-token`,
    { schema: refreshSchema },
    async (request) => {
      const presented = request.body?.refresh_token;
      if (!presented) throw new AuthError(401, 'Missing JWT Refresh Token');
      const renewed = await renewSession(context, { presented });
      if (renewed.kind === 'unknown') throw new AuthError(401, 'JWT Refresh Token Not Found');
      if (renewed.kind === 'expired') throw new AuthError(401, 'Invalid JWT Refresh Token');
      if (renewed.kind === 'reused') {
        request.log.warn({ customerId: renewed.customerId }, 'refresh token reused: family revoked');
        throw new AuthError(401, 'Invalid JWT Refresh Token');
      }
      return renewed.tokens;
    },
  );

  app.post<{ Body: { refresh_token?: string } | null }>(
    `${API_PREFIX}/invalidate-token`,
    { schema: refreshSchema },
    async (request, reply) => {
      const presented = request.body?.refresh_token;
      if (!presented) return reply.status(400).send({ code: 400, message: 'No refresh_token found.' });
      const revoked = await endSession(context, { presented });
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
