import { timingSafeEqual } from 'node:crypto';
import { storefrontMetrics } from '@/lib/ops/metrics.mjs';

/**
 * GET /metrics: this storefront process's figures in Prometheus's format (lib/ops/metrics.mjs), for
 * whoever holds METRICS_TOKEN (`Authorization: Bearer …`, the shop API's token). Without the setting,
 * the address does not exist.
 */
export const dynamic = 'force-dynamic';

const MIN_TOKEN_LENGTH = 24;

function allowed(header: string | null, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function GET(request: Request) {
  const token = process.env.METRICS_TOKEN ?? '';
  // Refusals with a body: a browser shows its own error page for an empty one.
  if (token.length < MIN_TOKEN_LENGTH) return Response.json({ error: 'not-found' }, { status: 404 });
  if (!allowed(request.headers.get('authorization'), token)) {
    return Response.json({ error: 'unauthorized' }, { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
  }
  const { registry } = storefrontMetrics();
  return new Response(await registry.metrics(), {
    headers: { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' },
  });
}
