/**
 * Tells the storefront what changed in the catalogue (the events of ARCHITECTURE.md, "Events"); the
 * storefront decides which of its cached pages that makes stale. Changes announced within a short
 * window are sent as one signed POST: `X-Shop-Timestamp` (Unix seconds) and
 * `X-Shop-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`, body
 * `{"id":"<random uuid>","events":[{"event":"sold","codes":["P0000001"]},…]}` (the storefront takes each
 * signed call once: the id tells two batches of the same events apart). Delivery is retried a few times
 * with backoff; a storefront that stays down costs a warning, never a sale.
 */
import { createHmac, randomUUID } from 'node:crypto';
import ky from 'ky';
import type { CatalogueEvent } from '../domain/catalogue-events.js';
import type { CatalogueChange } from './catalogue-events.js';

/** Codes sent in one call at most: its body stays far below the storefront's 16 KiB limit. */
const MAX_CODES_PER_CALL = 500;

export interface StorefrontNotifier {
  /** Queues a committed change; it leaves within `batchMs`. */
  announce(change: CatalogueChange): void;
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

export function createStorefrontNotifier({
  url,
  secret,
  batchMs = 100,
  retries = 4,
  onError,
}: NotifierOptions): StorefrontNotifier {
  /** Codes by event, in the order they came: the storefront's answer to an event does not depend on order. */
  const queued = new Map<CatalogueEvent, Set<string>>();
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;

  async function deliver(events: CatalogueChange[]): Promise<void> {
    if (!url || !secret) return;
    const body = JSON.stringify({ id: randomUUID(), events });
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
    for (const call of calls([...queued].map(([event, codes]) => ({ event, codes: [...codes] })))) {
      const delivery = deliver(call).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    }
    queued.clear();
  }

  return {
    announce({ event, codes }) {
      if (codes.length === 0) return;
      const set = queued.get(event) ?? new Set();
      for (const code of codes) set.add(code);
      queued.set(event, set);
      timer ??= setTimeout(send, batchMs);
    },
    async flush() {
      if (timer) clearTimeout(timer);
      send();
      await Promise.all([...inFlight]);
    },
  };
}

/** The queued events split into calls of at most MAX_CODES_PER_CALL codes. */
function calls(events: CatalogueChange[]): CatalogueChange[][] {
  const result: CatalogueChange[][] = [];
  let call: CatalogueChange[] = [];
  let size = 0;
  for (const { event, codes } of events) {
    for (let start = 0; start < codes.length;) {
      if (size === MAX_CODES_PER_CALL) {
        result.push(call);
        call = [];
        size = 0;
      }
      const part = codes.slice(start, start + MAX_CODES_PER_CALL - size);
      call.push({ event, codes: part });
      size += part.length;
      start += part.length;
    }
  }
  if (call.length > 0) result.push(call);
  return result;
}
