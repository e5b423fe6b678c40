/**
 * Tells the storefront which cached pages went stale (tag revalidation; the events are listed in ARCHITECTURE.md). Changes made
 * within a short window are sent as one signed POST: `X-Shop-Timestamp` (Unix seconds) and
 * `X-Shop-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`, body `{"id":"<random uuid>","tags":[…]}`
 * (the storefront takes each signed call once: the id tells two batches of the same tags apart).
 * Delivery is retried a few times with backoff; a storefront that stays down costs a warning, never a sale.
 */
import { createHmac, randomUUID } from 'node:crypto';
import ky from 'ky';

export interface StorefrontNotifier {
  /** Queues cache tags to revalidate; they leave within `batchMs`. */
  notify(tags: string[]): void;
  /** Sends what is queued now and waits for every delivery in flight (tests, shutdown). */
  flush(): Promise<void>;
}

export interface NotifierOptions {
  /** Absolute URL of the storefront's revalidation endpoint; notifications are dropped when absent. */
  url?: string;
  secret?: string;
  batchMs?: number;
  retries?: number;
  onError?: (error: unknown) => void;
}

export function signPayload(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** Cache tags of one part: its page, and every listing (a listing counts and pages through all parts). */
export const partTags = (code: string) => [`product:${code}`, 'listings'];

export function createStorefrontNotifier({
  url,
  secret,
  batchMs = 100,
  retries = 4,
  onError,
}: NotifierOptions): StorefrontNotifier {
  const queued = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;

  async function deliver(tags: string[]): Promise<void> {
    if (!url || !secret) return;
    const body = JSON.stringify({ id: randomUUID(), tags });
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      await ky.post(url, {
        body,
        headers: {
          'content-type': 'application/json',
          'x-shop-timestamp': String(timestamp),
          'x-shop-signature': `sha256=${signPayload(secret, timestamp, body)}`,
        },
        timeout: 5000,
        retry: { limit: retries, methods: ['post'], backoffLimit: 2000 },
      });
    } catch (error) {
      onError?.(error);
    }
  }

  function send() {
    timer = undefined;
    if (queued.size === 0) return;
    const tags = [...queued];
    queued.clear();
    const delivery = deliver(tags).finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  }

  return {
    notify(tags) {
      for (const tag of tags) queued.add(tag);
      timer ??= setTimeout(send, batchMs);
    },
    async flush() {
      if (timer) clearTimeout(timer);
      send();
      await Promise.all([...inFlight]);
    },
  };
}
