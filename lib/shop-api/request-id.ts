/**
 * The id the load balancer gives each request (HAProxy's X-Request-Id, `npm run start:cluster`): the
 * gateway passes it to the shop API, whose logs then carry the same id as the storefront's request.
 * Only a UUID is passed on: whatever else a client wrote there is dropped.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function requestIdOf(headers: Pick<Headers, 'get'>): string | null {
  const id = headers.get(REQUEST_ID_HEADER);
  return id && UUID.test(id) ? id.toLowerCase() : null;
}
