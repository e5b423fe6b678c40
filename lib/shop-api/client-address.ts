import proxyaddr from '@fastify/proxy-addr';
import { isIP } from 'node:net';

/**
 * The shopper's address, the gateway's own input: server.ts forwards it with every call from server
 * code, as the shop API's per-address limits need it. Next keeps an X-Forwarded-For the client sent
 * and gives server code no access to the connection, so neither says who is asking. The storefront's
 * process writes the connection's address into PEER_ADDRESS_HEADER on every request
 * (scripts/peer-address.mjs, preloaded by `npm start`), over anything the client wrote. By default
 * (Next reached directly) that address is the shopper's. Behind proxies (STOREFRONT_PROXY_HOPS),
 * each appends the address it saw to X-Forwarded-For: the entry `hops` steps from the connection is
 * the shopper's, and the client's own entries, further left, are never reached.
 */
export const PEER_ADDRESS_HEADER = 'x-shop-peer-address';

/** STOREFRONT_PROXY_HOPS: how many proxies stand between shoppers and this server (none by default). */
export function proxyHops(env: Record<string, string | undefined> = process.env): number {
  const raw = env.STOREFRONT_PROXY_HOPS;
  if (raw === undefined || raw === '') return 0;
  if (!/^\d{1,2}$/.test(raw))
    throw new Error(`STOREFRONT_PROXY_HOPS doit être un nombre entier de proxys, pas « ${raw} ».`);
  return Number(raw);
}

/** The address to forward, or null when there is none to vouch for (no peer header: Next started without the preload). */
export function clientAddress(headers: Pick<Headers, 'get'>, hops: number): string | null {
  const peer = headers.get(PEER_ADDRESS_HEADER);
  if (!peer || !isIP(peer)) return null;
  const forwardedFor = headers.get('x-forwarded-for');
  // proxy-addr walks from the connection leftwards through X-Forwarded-For, trusting `hops` steps.
  const request = { socket: { remoteAddress: peer }, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} };
  const address = proxyaddr(request as unknown as Parameters<typeof proxyaddr>[0], (_address, hop) => hop < hops);
  if (!isIP(address)) return null;
  // An IPv4 client of a dual-stack server is seen as ::ffff:a.b.c.d: forwarded as a.b.c.d.
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}
