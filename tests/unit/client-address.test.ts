/**
 * The shopper's address the storefront gives the shop API's limits, as `npm start` runs it: through a
 * real HTTP server with the peer-address preload, a client writing X-Forwarded-For (or the peer header
 * itself) changes nothing; behind the TLS proxy, the entry the proxy appended counts, never the client's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../scripts/peer-address.mjs';
import { clientAddress, PEER_ADDRESS_HEADER, proxyHops } from '@/lib/shop-api/client-address';

let server: Server;
let base: string;
let hops = 0;

beforeAll(async () => {
  // Answers what the storefront would forward for this request.
  server = createServer((request, response) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string') headers.set(name, value);
    response.end(JSON.stringify(clientAddress(headers, hops)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const forwarded = async (headers: Record<string, string>) =>
  JSON.parse(await (await fetch(base, { headers })).text()) as string | null;

describe('the shopper address forwarded to the shop API', () => {
  it('Next reached directly (the default): the connection’s address, whatever the client wrote', async () => {
    hops = 0;
    expect(await forwarded({})).toBe('127.0.0.1');
    expect(await forwarded({ 'x-forwarded-for': '198.51.100.7' })).toBe('127.0.0.1');
    expect(await forwarded({ 'x-forwarded-for': '198.51.100.7, 198.51.100.8' })).toBe('127.0.0.1');
    expect(await forwarded({ [PEER_ADDRESS_HEADER]: '198.51.100.9', 'x-forwarded-for': '198.51.100.7' })).toBe(
      '127.0.0.1',
    );
  });

  it('behind one proxy: the entry the proxy appended, never the client’s own entries', async () => {
    hops = 1;
    // The proxy (here on loopback) appends the address it saw after whatever the client sent.
    expect(await forwarded({ 'x-forwarded-for': '203.0.113.9' })).toBe('203.0.113.9');
    expect(await forwarded({ 'x-forwarded-for': '198.51.100.7, 203.0.113.9' })).toBe('203.0.113.9');
    expect(await forwarded({ 'x-forwarded-for': '198.51.100.7, 198.51.100.8, 203.0.113.9' })).toBe('203.0.113.9');
    expect(
      await forwarded({ [PEER_ADDRESS_HEADER]: '198.51.100.9', 'x-forwarded-for': '198.51.100.7, 2001:db8::1' }),
    ).toBe('2001:db8::1');
  });

  it('counts every proxy of the chain from the right', () => {
    const headers = new Headers({
      [PEER_ADDRESS_HEADER]: '10.0.0.3',
      'x-forwarded-for': '198.51.100.7, 203.0.113.9, 10.0.0.2',
    });
    expect(clientAddress(headers, 2)).toBe('203.0.113.9');
  });

  it('forwards nothing it cannot vouch for', () => {
    // Without the preload (Next started some other way), there is no address to trust.
    expect(clientAddress(new Headers({ 'x-forwarded-for': '203.0.113.9' }), 0)).toBeNull();
    expect(clientAddress(new Headers({ 'x-forwarded-for': '203.0.113.9' }), 1)).toBeNull();
    expect(clientAddress(new Headers({ [PEER_ADDRESS_HEADER]: '<script>' }), 0)).toBeNull();
    expect(
      clientAddress(new Headers({ [PEER_ADDRESS_HEADER]: '127.0.0.1', 'x-forwarded-for': "1.2.3.4, ' OR 1=1" }), 1),
    ).toBeNull();
    expect(clientAddress(new Headers({ [PEER_ADDRESS_HEADER]: '::ffff:203.0.113.9' }), 0)).toBe('203.0.113.9');
  });

  it('reads STOREFRONT_PROXY_HOPS: none by default, a whole number otherwise', () => {
    expect(proxyHops({})).toBe(0);
    expect(proxyHops({ STOREFRONT_PROXY_HOPS: '1' })).toBe(1);
    expect(() => proxyHops({ STOREFRONT_PROXY_HOPS: 'un' })).toThrow(/STOREFRONT_PROXY_HOPS/);
  });
});
