import { revalidateTag } from 'next/cache';
import { tagsOf } from '@/lib/cache/catalogue-events';
import { replayMemory } from '@/lib/cache/shared-replays';
import { checkWebhook, MAX_WEBHOOK_BODY_BYTES, readBodyWithin } from '@/lib/cache/webhook';
import { forgetPartStatus } from '@/lib/catalogue/part-status';

/** Calls taken in the last five minutes: by every instance (in Redis) with REDIS_URL, by this process otherwise. */
const replays = replayMemory();

/**
 * The shop API's signed call after parts were created, changed, held, released, sold, restocked or
 * withdrawn (ARCHITECTURE.md, "Events"). The tags of each event (lib/cache/catalogue-events.ts) expire at
 * once, so the next visit of a listing or a part page renders the parts as they are now (no stale copy
 * served), and the proxy forgets what it knew of those parts.
 */
export async function POST(request: Request) {
  const secret = process.env.REVALIDATE_SECRET;
  if (!secret) return Response.json({ error: 'Revalidation non configurée.' }, { status: 503 });
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_WEBHOOK_BODY_BYTES) return Response.json({ error: 'Corps trop long.' }, { status: 413 });
  // Content-Length may be absent (chunked) or lie: the read itself stops at the limit.
  const body = await readBodyWithin(request.body, MAX_WEBHOOK_BODY_BYTES);
  if (body === null) return Response.json({ error: 'Corps trop long.' }, { status: 413 });
  const check = await checkWebhook({
    secret,
    timestamp: request.headers.get('x-shop-timestamp'),
    signature: request.headers.get('x-shop-signature'),
    body,
    now: Math.floor(Date.now() / 1000),
    replays,
  });
  if (!check.ok) return Response.json({ error: check.reason }, { status: check.status });
  const tags = [...new Set(check.changes.flatMap(tagsOf))];
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  forgetPartStatus(check.changes.flatMap((change) => change.codes));
  return Response.json({ revalidated: tags });
}
