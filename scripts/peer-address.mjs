/**
 * Preloaded into the storefront's Node process (`node --import ./scripts/peer-address.mjs …/next start`;
 * `npm start` does it): on every request, writes the address of the connection it came from into
 * `x-shop-peer-address`, replacing any such header the client sent. Next gives server code no access
 * to the connection and keeps an X-Forwarded-For the client wrote: this header is the one fact about
 * the shopper's address that only this process writes (lib/shop-api/client-address.ts reads it).
 */
import { subscribe } from 'node:diagnostics_channel';

/** Also in lib/shop-api/client-address.ts (PEER_ADDRESS_HEADER). */
const PEER_ADDRESS_HEADER = 'x-shop-peer-address';

// Published by Node's HTTP server before the request reaches any listener, Next's included.
subscribe('http.server.request.start', ({ request, socket }) => {
  request.headers[PEER_ADDRESS_HEADER] = socket.remoteAddress ?? '';
});
