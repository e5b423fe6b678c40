/**
 * Checks the shop API's revalidation calls (shop-api/src/notify/storefront.ts): HMAC-SHA256 of
 * "<timestamp>.<body>" with the shared secret, compared in constant time, a timestamp no older than
 * five minutes so that a captured call cannot be replayed later, and each call taken once within those
 * five minutes (ReplayGuard). The body is read only up to its limit (readBodyWithin). A call carries
 * catalogue events (`{"events":[{"event","codes"}]}`); the tags they expire are decided by
 * lib/cache/catalogue-events.ts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { knownEvent, type CatalogueChange } from './catalogue-events';

export const MAX_WEBHOOK_AGE_SECONDS = 300;
export const MAX_WEBHOOK_BODY_BYTES = 16 * 1024;
/** What a part code can look like (the shop API never sends another). */
const PART_CODE = /^[A-Za-z0-9_-]{1,64}$/;
/** Codes of one call at most (the shop API sends 500). */
const MAX_CODES = 1000;

/** Calls remembered at most: far above what the shop API sends in five minutes (one batch per 100 ms at most). */
const MAX_REMEMBERED_CALLS = 10_000;

/** The calls already taken: each is taken once within the window, whichever instance it reaches. */
export interface Replays {
  take(
    signature: string,
    timestamp: number,
    now: number,
  ): 'taken' | 'replay' | 'full' | Promise<'taken' | 'replay' | 'full'>;
}

export type WebhookCheck =
  { ok: true; changes: CatalogueChange[] } | { ok: false; status: 400 | 401 | 409 | 503; reason: string };

/**
 * The calls taken in the last five minutes, by signature (the shop API puts a random id in each body,
 * so two batches of the same tags in the same second differ). Each entry goes once its call's timestamp
 * is out of the window, so memory is bounded by the calls of one window. It lives in this process: with
 * several storefront instances behind one address, the one they share in Redis takes its place
 * (lib/cache/shared-replays.ts), so a replay sent to another instance is refused too.
 */
export class ReplayGuard implements Replays {
  /** Signature → last Unix second at which its call is still accepted. */
  private readonly seen = new Map<string, number>();
  private sweptAt = 0;

  constructor(private readonly maxEntries = MAX_REMEMBERED_CALLS) {}

  get size(): number {
    return this.seen.size;
  }

  /** 'taken' the first time within the window; 'replay' after; 'full' when a live call would have to be forgotten. */
  take(signature: string, timestamp: number, now: number): 'taken' | 'replay' | 'full' {
    if (now !== this.sweptAt || this.seen.size >= this.maxEntries) {
      for (const [key, until] of this.seen) if (until < now) this.seen.delete(key);
      this.sweptAt = now;
    }
    if (this.seen.has(signature)) return 'replay';
    if (this.seen.size >= this.maxEntries) return 'full';
    this.seen.set(signature, timestamp + MAX_WEBHOOK_AGE_SECONDS);
    return 'taken';
  }
}

/**
 * The body as text, read while it streams and given up (the stream cancelled) as soon as it passes
 * `maxBytes`, whatever Content-Length said or if it said nothing: null then.
 */
export async function readBodyWithin(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<string | null> {
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

export interface WebhookRequest {
  secret: string;
  timestamp: string | null;
  signature: string | null;
  body: string;
  /** Unix seconds. */
  now: number;
  /** Calls already taken; without it, replays within the window are not detected. */
  replays?: Replays;
}

export async function checkWebhook({
  secret,
  timestamp,
  signature,
  body,
  now,
  replays,
}: WebhookRequest): Promise<WebhookCheck> {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature?.startsWith('sha256=')) {
    return { ok: false, status: 401, reason: 'Signature absente.' };
  }
  if (Math.abs(now - Number(timestamp)) > MAX_WEBHOOK_AGE_SECONDS) {
    return { ok: false, status: 401, reason: 'Signature expirée.' };
  }
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  const given = Buffer.from(signature.slice('sha256='.length), 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, status: 401, reason: 'Signature invalide.' };
  }
  let events: unknown;
  try {
    events = (JSON.parse(body) as { events?: unknown }).events;
  } catch {
    return { ok: false, status: 400, reason: 'Corps JSON illisible.' };
  }
  const changes = asChanges(events);
  if (!changes) return { ok: false, status: 400, reason: 'Liste d’événements invalide.' };
  // Remembered only once authentic and well formed: no stranger can fill the memory. Keyed by the
  // computed HMAC, so a signature written in capitals is the same call.
  const taken = (await replays?.take(expected.toString('hex'), Number(timestamp), now)) ?? 'taken';
  if (taken === 'replay') return { ok: false, status: 409, reason: 'Appel déjà reçu.' };
  if (taken === 'full') return { ok: false, status: 503, reason: 'Trop d’appels récents : réessayez dans un instant.' };
  return { ok: true, changes };
}

/** What an event's name can look like: an unknown one is acted on as a change, never refused. */
const EVENT_NAME = /^[a-z][a-z0-9_-]{0,63}$/;

/**
 * Well-formed events, each code once; null for anything else. An event this storefront does not know
 * still expires its parts (lib/cache/catalogue-events.ts, knownEvent): refusing the whole call would leave
 * every page of the batch stale.
 */
function asChanges(events: unknown): CatalogueChange[] | null {
  if (!Array.isArray(events) || events.length === 0 || events.length > 100) return null;
  const changes: CatalogueChange[] = [];
  let count = 0;
  for (const item of events as { event?: unknown; codes?: unknown }[]) {
    const { event, codes } = item ?? {};
    if (typeof event !== 'string' || !EVENT_NAME.test(event)) return null;
    if (!Array.isArray(codes) || codes.length === 0) return null;
    if (!codes.every((code) => typeof code === 'string' && PART_CODE.test(code))) return null;
    count += codes.length;
    if (count > MAX_CODES) return null;
    changes.push({ event: knownEvent(event), codes: [...new Set(codes as string[])] });
  }
  return changes;
}
