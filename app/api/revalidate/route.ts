import { revalidateTag } from 'next/cache';
import { checkWebhook, MAX_WEBHOOK_BODY_BYTES, readBodyWithin, ReplayGuard } from '@/lib/cache/webhook';

/** Calls taken in the last five minutes, in this process (see ReplayGuard for several instances). */
const replays = new ReplayGuard();

/**
 * The shop API's signed call after a part is created, changed or sold (ARCHITECTURE.md, "Events"). Tags expire at
 * once, so the next visit of a listing renders without the sold part (no stale copy served).
 */
export async function POST(request: Request) {
  const secret = process.env.REVALIDATE_SECRET;
  if (!secret) return Response.json({ error: 'Revalidation non configurée.' }, { status: 503 });
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_WEBHOOK_BODY_BYTES) return Response.json({ error: 'Corps trop long.' }, { status: 413 });
  // Content-Length may be absent (chunked) or lie: the read itself stops at the limit.
  const body = await readBodyWithin(request.body, MAX_WEBHOOK_BODY_BYTES);
  if (body === null) return Response.json({ error: 'Corps trop long.' }, { status: 413 });
  const check = checkWebhook({
    secret,
    timestamp: request.headers.get('x-shop-timestamp'),
    signature: request.headers.get('x-shop-signature'),
    body,
    now: Math.floor(Date.now() / 1000),
    replays,
  });
  if (!check.ok) return Response.json({ error: check.reason }, { status: check.status });
  for (const tag of check.tags) revalidateTag(tag, { expire: 0 });
  return Response.json({ revalidated: check.tags });
}
