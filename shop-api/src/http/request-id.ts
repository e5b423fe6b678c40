/**
 * Each request's id in the logs: the load balancer's X-Request-Id when it is a UUID (HAProxy sets one;
 * the storefront passes its own request's on), a new one otherwise; the answer carries it back, so one id
 * follows a shopper's request through HAProxy, the storefront and the shop API.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && UUID.test(given) ? given.toLowerCase() : randomUUID();
}
