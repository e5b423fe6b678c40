/**
 * Who asks for a use case: their address, their rate counters and their log. A route makes one from
 * its request; a job or a staff screen can make its own, so use cases never need an HTTP request.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { addressKey, type Limits, type RateRule } from './rate-limits.js';

export interface Asker {
  /** The requesting address (an IPv6 by its /64): the key of limits per address. */
  address: string;
  /** Counts one request; 429 with Retry-After past the rule's ceiling. */
  hit(rule: RateRule, key: string): Promise<void>;
  /** Counts one request; false past the ceiling (limits that must not answer differently). */
  take(rule: RateRule, key: string): Promise<boolean>;
  log: FastifyBaseLogger;
}

export const askerOf = (limits: Limits, request: FastifyRequest): Asker => ({
  address: addressKey(request),
  hit: (rule, key) => limits.hit(request, rule, key),
  take: (rule, key) => limits.take(request, rule, key),
  log: request.log,
});
