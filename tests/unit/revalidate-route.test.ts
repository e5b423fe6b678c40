/**
 * The revalidation endpoint as the shop API calls it: a body is read only up to its limit while it
 * streams, a call is taken once (a captured call replayed within its five minutes changes nothing), and
 * its catalogue events expire their tags and the proxy's memory of their parts.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const revalidateTag = vi.hoisted(() => vi.fn());
vi.mock('next/cache', () => ({ revalidateTag }));
vi.mock('server-only', () => ({}));

const secret = 'a-secret-of-more-than-24-characters';
const url = 'http://localhost/api/revalidate';

function signed(body: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return {
    'content-type': 'application/json',
    'x-shop-timestamp': String(timestamp),
    'x-shop-signature': `sha256=${signature}`,
  };
}

/** A body of `total` bytes sent in 64 KiB chunks, counting what the reader pulled. */
function streamed(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const pulled = { bytes: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled.bytes >= total) return controller.close();
        pulled.bytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        pulled.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, pulled };
}

async function load() {
  vi.resetModules();
  return (await import('@/app/api/revalidate/route')).POST;
}

beforeEach(() => {
  vi.stubEnv('REVALIDATE_SECRET', secret);
  revalidateTag.mockClear();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe('POST /api/revalidate', () => {
  it('stops reading a chunked body past the limit and answers 413, whatever its signature', async () => {
    const POST = await load();
    const { body, pulled } = streamed(32 * 1024 * 1024);
    const request = new Request(url, { method: 'POST', body, headers: signed('{}'), duplex: 'half' } as RequestInit);
    const response = await POST(request);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'Corps trop long.' });
    // At most the limit and the chunk that crossed it: the rest is never read.
    expect(pulled.bytes).toBeLessThanOrEqual(16 * 1024 + 64 * 1024);
    expect(pulled.cancelled).toBe(true);
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it('does not trust a Content-Length smaller than the body', async () => {
    const POST = await load();
    const { body, pulled } = streamed(4 * 1024 * 1024);
    const request = new Request(url, {
      method: 'POST',
      body,
      headers: { ...signed('{}'), 'content-length': '10' },
      duplex: 'half',
    } as RequestInit);
    expect((await POST(request)).status).toBe(413);
    expect(pulled.bytes).toBeLessThan(4 * 1024 * 1024);
  });

  it('takes a signed call once: its replay within the window is refused and expires nothing', async () => {
    const POST = await load();
    const body = JSON.stringify({ id: randomUUID(), events: [{ event: 'changed', codes: ['P0000001'] }] });
    const headers = signed(body);
    const first = await POST(new Request(url, { method: 'POST', body, headers }));
    expect(first.status).toBe(200);
    expect(revalidateTag).toHaveBeenCalledTimes(3);
    const replay = await POST(new Request(url, { method: 'POST', body, headers }));
    expect(replay.status).toBe(409);
    expect(await replay.json()).toEqual({ error: 'Appel déjà reçu.' });
    // The same signature written in capitals is the same call.
    const shouted = await POST(
      new Request(url, {
        method: 'POST',
        body,
        headers: {
          ...headers,
          'x-shop-signature': headers['x-shop-signature']
            .replace(/^sha256=/, '')
            .toUpperCase()
            .replace(/^/, 'sha256='),
        },
      }),
    );
    expect(shouted.status).toBe(409);
    expect(revalidateTag).toHaveBeenCalledTimes(3);
    // Another call with the same events, in the same second, is a new call.
    const next = JSON.stringify({ id: randomUUID(), events: [{ event: 'changed', codes: ['P0000001'] }] });
    expect(
      (
        await POST(
          new Request(url, { method: 'POST', body: next, headers: signed(next, Number(headers['x-shop-timestamp'])) }),
        )
      ).status,
    ).toBe(200);
    expect(revalidateTag).toHaveBeenCalledTimes(6);
  });

  it('expires the tags of each event and makes the proxy forget what it knew of those parts', async () => {
    // The proxy is bundled apart from the route handlers: its copy of part-status is another module instance.
    vi.resetModules();
    const { partStatus } = await import('@/lib/catalogue/part-status');
    const POST = await load();
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        asked.push(input);
        return Response.json({ code: 'P0000007', slug: 'phare-avant-p0000007', soldAt: null });
      }),
    );
    try {
      await partStatus('P0000007');
      await partStatus('P0000007');
      expect(asked).toHaveLength(1);

      const body = JSON.stringify({
        id: randomUUID(),
        events: [
          { event: 'held', codes: ['P0000007'] },
          { event: 'sold', codes: ['P0000008'] },
        ],
      });
      const response = await POST(new Request(url, { method: 'POST', body, headers: signed(body) }));
      expect(response.status).toBe(200);
      const expired = revalidateTag.mock.calls.map(([tag]) => tag);
      expect(expired.sort()).toEqual(['listings', 'part-index', 'product:P0000007', 'product:P0000008']);
      expect(revalidateTag.mock.calls.every(([, profile]) => profile?.expire === 0)).toBe(true);

      await partStatus('P0000007');
      expect(asked).toHaveLength(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('takes a batch holding an event it does not know: the batch is not refused, every part in it expires', async () => {
    const POST = await load();
    // A newer shop API may announce an event this storefront has never heard of.
    const body = JSON.stringify({
      id: randomUUID(),
      events: [
        { event: 'held', codes: ['P0000009'] },
        { event: 'repriced', codes: ['P0000010'] },
      ],
    });
    const response = await POST(new Request(url, { method: 'POST', body, headers: signed(body) }));
    expect(response.status).toBe(200);
    const expired = revalidateTag.mock.calls.map(([tag]) => tag);
    expect(expired.sort()).toEqual(['listings', 'part-index', 'product:P0000009', 'product:P0000010']);
  });

  it('refuses tag names: the shop API announces events, the storefront picks the tags', async () => {
    const POST = await load();
    const body = JSON.stringify({ id: randomUUID(), tags: ['listings'] });
    const response = await POST(new Request(url, { method: 'POST', body, headers: signed(body) }));
    expect(response.status).toBe(400);
    expect(revalidateTag).not.toHaveBeenCalled();
  });
});
