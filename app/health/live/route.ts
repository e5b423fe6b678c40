/** GET /health/live: the process answers (a supervisor restarts it when this stops answering). */
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
