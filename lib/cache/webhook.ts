/**
 * Checks the shop API's revalidation calls (shop-api/src/notify/storefront.ts): HMAC-SHA256 of
 * "<timestamp>.<body>" with the shared secret, compared in constant time, and a timestamp no older
 * than five minutes so that a captured call cannot be replayed later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const MAX_WEBHOOK_AGE_SECONDS = 300;
export const MAX_WEBHOOK_BODY_BYTES = 16 * 1024;
const TAG = /^[a-z][a-z0-9_:.-]{0,199}$/i;

export type WebhookCheck =
  | { ok: true; tags: string[] }
  | { ok: false; status: 400 | 401; reason: string };

export interface WebhookRequest {
  secret: string;
  timestamp: string | null;
  signature: string | null;
  body: string;
  /** Unix seconds. */
  now: number;
}

export function checkWebhook({ secret, timestamp, signature, body, now }: WebhookRequest): WebhookCheck {
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
  let tags: unknown;
  try {
    tags = (JSON.parse(body) as { tags?: unknown }).tags;
  } catch {
    return { ok: false, status: 400, reason: 'Corps JSON illisible.' };
  }
  if (!Array.isArray(tags) || tags.length === 0 || tags.length > 100 || !tags.every((tag) => typeof tag === 'string' && TAG.test(tag))) {
    return { ok: false, status: 400, reason: 'Liste de tags invalide.' };
  }
  return { ok: true, tags: [...new Set(tags as string[])] };
}
