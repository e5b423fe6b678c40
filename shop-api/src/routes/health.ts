/**
 * Liveness, readiness and metrics, for the load balancer and the people on call. `/health` (the
 * process and its database answer) stays for the start scripts; `/health/live` says the process
 * answers at all; `/health/ready` says it should be sent requests: the database answers and the
 * process is not stopping (a SIGTERM drains: readiness goes first, in-flight requests finish).
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { staffGuard } from '../http/staff-auth.js';

const healthRoutes: FastifyPluginAsync<AppContext> = async (app, { db, lifecycle, metrics }) => {
  app.get('/health', async (_request, reply) => {
    await db.execute(sql`SELECT 1`);
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  app.get('/health/live', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/health/ready', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (lifecycle.draining) return reply.code(503).send({ status: 'arrêt en cours' });
    try {
      await db.execute(sql`SELECT 1`);
    } catch {
      return reply.code(503).send({ status: 'base de données injoignable' });
    }
    return reply.send({ status: 'ok' });
  });
  if (metrics) {
    app.get('/metrics', { onRequest: staffGuard(metrics.token) }, async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(await metrics.registry.metrics()),
    );
  }
};

export default healthRoutes;
