/** Liveness and readiness: answers once the database responds. */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';

const healthRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get('/health', async (_request, reply) => {
    await db.execute(sql`SELECT 1`);
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
};

export default healthRoutes;
