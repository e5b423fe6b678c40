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
  /** The browser's device token, as presented (routes/auth.ts gives one at each sign-in); unchecked. */
  device?: string;
  log: FastifyBaseLogger;
}

/** The request header bringing the browser's device token (and the sign-in's answer, a new one). */
export const DEVICE_HEADER = 'x-device-token';

function presentedDevice(request: FastifyRequest): string | undefined {
  const presented = request.headers[DEVICE_HEADER];
  return typeof presented === 'string' && presented.length <= 200 ? presented : undefined;
}

export const askerOf = (limits: Limits, request: FastifyRequest): Asker => ({
  address: addressKey(request),
  hit: (rule, key) => limits.hit(request, rule, key),
  take: (rule, key) => limits.take(request, rule, key),
  device: presentedDevice(request),
  log: request.log,
});
