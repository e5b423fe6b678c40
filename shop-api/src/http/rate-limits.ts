/**
 * Limits of the account routes, counted by @fastify/rate-limit in its store: the process's memory, or
 * with REDIS_URL the plugin's Redis store, so that every instance counts the same requests.
 *
 * Sign-in is limited so that guessing is slow yet nobody but the owner decides whether the owner gets
 * in (decisions 0009 and 0027): failures are counted per address, per e-mail-and-address pair, and per
 * e-mail only for addresses and browsers the owner never signed in from, so a stranger's guesses use
 * up the stranger's own allowance. The counters naming the e-mail start again when the owner proves
 * the mailbox (a reset, a confirmation link), and a browser the owner signed in with carries a device
 * token that counts as a known address wherever it is.
 */
import rateLimit, { normalizeIP, type CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { TooManyRequestsError } from './errors.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Enough for a person, too few for a script. `max` requests per `timeWindow` milliseconds. */
const RATE_RULES = {
  // Sign-in: each scope has a ceiling on failures (wrong password, unknown e-mail, unconfirmed account),
  // checked before the password and counted after a failed check, so the owner's successes never use
  // it up; and a looser one on every attempt, successes included, counted before the check. The latter
  // bounds the argon2 work (19 MiB, about 20 ms each) and the guesses sent at once, which all pass the
  // failure check before any of them is counted: at most `attempts - failures` more checks per window.
  /** Failed sign-ins from one address, whatever the e-mail. */
  signInFailuresPerAddress: { max: 20, timeWindow: 10 * MINUTE },
  /** Sign-ins from one address: room for the people behind one address (an office, a carrier's NAT). */
  signInAttemptsPerAddress: { max: 60, timeWindow: 10 * MINUTE },
  /** Failed sign-ins on one e-mail from one address. */
  signInFailuresPerEmailAndAddress: { max: 8, timeWindow: 10 * MINUTE },
  /** Sign-ins on one e-mail from one address: a person signing in and out all day stays far under it. */
  signInAttemptsPerEmailAndAddress: { max: 30, timeWindow: 10 * MINUTE },
  /**
   * Failed sign-ins on one e-mail from addresses and browsers the owner never signed in from: guessing
   * from many addresses. Strangers share it; the owner meets it only from somewhere new.
   */
  signInFailuresPerEmail: { max: 40, timeWindow: HOUR },
  /** Sign-ins on one e-mail from there: one success per new place is the owner's, the rest guesses. */
  signInAttemptsPerEmail: { max: 60, timeWindow: HOUR },
  /** Failed sign-ins with one browser's device token, from any address: a copied token guesses as slowly as one address. */
  signInFailuresPerDevice: { max: 8, timeWindow: 10 * MINUTE },
  signInAttemptsPerDevice: { max: 30, timeWindow: 10 * MINUTE },
  /** How long an address the account signed in from is remembered as the owner's. */
  knownAddress: { max: 1, timeWindow: 30 * 24 * HOUR },
  registerPerAddress: { max: 10, timeWindow: HOUR },
  resetPerAddress: { max: 10, timeWindow: HOUR },
  // Mails to one e-mail are bounded twice: per requesting address, or per browser of the owner's (3 an
  // hour, so that one stranger cannot use up the owner's) and from anywhere (6 an hour, so that the
  // inbox is not flooded). Past either, the ask gets the same answer and mails nothing; the links
  // already mailed keep working.
  resetPerEmailAndAddress: { max: 3, timeWindow: HOUR },
  /**
   * Reset mails to one e-mail from anywhere. The requests of one address are 3 an hour (refused past
   * them), so a stranger alone never uses up the owner's; and the newest link mailed (younger than the
   * window, so still valid) keeps working.
   */
  resetMailsPerEmail: { max: 6, timeWindow: HOUR },
  /** Requests for a new confirmation link (the first was lost), as for resets. */
  verificationLinkPerAddress: { max: 10, timeWindow: HOUR },
  verificationLinkPerEmailAndAddress: { max: 3, timeWindow: HOUR },
  /** Confirmation links mailed on request to one e-mail from anywhere: as for resets. */
  verificationMailsPerEmail: { max: 6, timeWindow: HOUR },
  /**
   * Mails to an address someone registered again, or asked for as another account's new e-mail (its
   * owner is told, or sent a confirmation link): registrations are not refused, so these count the
   * mails per requesting address too. Six from anywhere stays under the registrations kept
   * (REGISTRATIONS_KEPT), so an owner's own registration made past them is kept, mailed or not.
   */
  registrationNoticesPerEmailAndAddress: { max: 3, timeWindow: HOUR },
  registrationNoticesPerEmail: { max: 6, timeWindow: HOUR },
  /**
   * Mails to an address a signed-in customer asks for as their new e-mail (its link, or its owner told):
   * counted apart from registrations, so strangers registering the address cannot use up the owner's
   * move; per account (3 an hour) and per address (6 an hour, the inbox). Past either, the customer is
   * told that no mail can go now, and nothing changes.
   */
  emailChangeMailsPerCustomer: { max: 3, timeWindow: HOUR },
  emailChangeMailsPerEmail: { max: 6, timeWindow: HOUR },
  /**
   * Checks of one customer's current password (password or e-mail change, account deletion): a person
   * mistypes a few times; a thief holding an access token must not guess it.
   */
  currentPasswordPerCustomer: { max: 8, timeWindow: 10 * MINUTE },
  /** Profile updates of one customer (each may say whether an e-mail has an account). */
  profileUpdatesPerCustomer: { max: 20, timeWindow: HOUR },
  quotePerCustomer: { max: 10, timeWindow: HOUR },
} as const;

export type RateRule = keyof typeof RATE_RULES;

/** Rules whose ceiling does not grow with RATE_LIMIT_SCALE: they remember, they do not refuse. */
const UNSCALED: ReadonlySet<RateRule> = new Set(['knownAddress']);

/** Counters kept per rule (least recently used dropped past it): bounds the memory an attacker can fill. */
const KEYS_PER_RULE = 100_000;

export interface Limits {
  /** Counts one request under `key`; 429 with Retry-After once the rule's ceiling is passed. */
  hit(request: FastifyRequest, rule: RateRule, key: string): Promise<void>;
  /** Counts one request under `key`; false once past the ceiling, for limits that must not answer differently. */
  take(request: FastifyRequest, rule: RateRule, key: string): Promise<boolean>;
  /** Whether `key` was counted in the rule's current window, without counting. */
  seen(request: FastifyRequest, rule: RateRule, key: string): Promise<boolean>;
  /** 429 with Retry-After if `key` has reached the rule's ceiling, without counting (the next count would pass it). */
  check(request: FastifyRequest, rule: RateRule, key: string): Promise<void>;
}

/** The key of a request's address: an IPv6 address by its /64 (one subscriber's block), a mapped IPv4 as IPv4. */
export const addressKey = (request: FastifyRequest) => normalizeIP(request.ip);

/**
 * The sign-in counters' name of an account: its e-mail and when its mailbox was last proven, so that
 * proving it (a reset, a confirmation link) starts them again.
 */
export const signInAccountKey = (email: string, mailboxProvenAt: Date | null | undefined) =>
  `${email} ${mailboxProvenAt?.getTime() ?? '-'}`;

/** The `knownAddress` key: this account's owner signed in (or proved the mailbox) from this address. */
export const knownAddressKey = (email: string, mailboxProvenAt: Date | null | undefined, address: string) =>
  `${signInAccountKey(email, mailboxProvenAt)} ${address}`;

/**
 * The client of the counters' Redis (REDIS_URL): its commands fail at once while Redis is unreachable
 * (no queue of them waiting), so the limits skip rather than hold requests; it reconnects by itself.
 */
export function limitsRedis(url: string, onError: (error: Error) => void): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', onError);
  return redis;
}

const KEY = Symbol('rate-limit key');

/**
 * Registers @fastify/rate-limit (no limit on any route by itself) and returns the account limits,
 * every ceiling multiplied by `scale` (RATE_LIMIT_SCALE).
 */
export async function registerRateLimits(app: FastifyInstance, scale = 1, redis?: Redis): Promise<Limits> {
  // Redis unreachable: the limits are not counted for that while (logged) rather than every sign-in
  // refused; the argon2 cost of each check still slows guessing.
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'shop-api-limits:', skipOnError: true } : {}),
  });
  const limiters = new Map(
    Object.entries(RATE_RULES).map(([rule, { max, timeWindow }]) => [
      rule,
      app.createRateLimit({
        max: UNSCALED.has(rule as RateRule) ? max : max * scale,
        timeWindow,
        keyGenerator: (request) => `${rule}:${(request as unknown as Record<symbol, string>)[KEY]}`,
        cache: KEYS_PER_RULE,
      } as CreateRateLimitOptions),
    ]),
  );
  // The plugin keys a request; the routes name the key: the request is passed on, seen with it.
  const count = (request: FastifyRequest, rule: RateRule, key: string, increment: boolean) =>
    limiters.get(rule)!(Object.assign(Object.create(request) as FastifyRequest, { [KEY]: key }), { increment });
  return {
    async hit(request, rule, key) {
      const result = await count(request, rule, key, true);
      if (!result.isAllowed && result.isExceeded) throw new TooManyRequestsError(Math.max(1, result.ttlInSeconds));
    },
    async take(request, rule, key) {
      const result = await count(request, rule, key, true);
      return result.isAllowed || !result.isExceeded;
    },
    async seen(request, rule, key) {
      const result = await count(request, rule, key, false);
      return !result.isAllowed && result.remaining < result.max;
    },
    async check(request, rule, key) {
      const result = await count(request, rule, key, false);
      if (!result.isAllowed && result.remaining === 0) throw new TooManyRequestsError(Math.max(1, result.ttlInSeconds));
    },
  };
}
