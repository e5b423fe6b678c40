import { lifecycle } from '@/lib/ops/lifecycle';

/**
 * GET /health/ready: whether the load balancer should send this process requests — 503 from the
 * moment it is told to stop (lib/ops/lifecycle.ts drains), so that it leaves the rotation before it
 * stops taking connections.
 */
export const dynamic = 'force-dynamic';

export function GET() {
  const draining = lifecycle().draining;
  return Response.json(
    { status: draining ? 'draining' : 'ok' },
    { status: draining ? 503 : 200, headers: { 'Cache-Control': 'no-store' } },
  );
}
