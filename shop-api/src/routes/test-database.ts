/**
 * Test-only route, registered when SHOP_API_TEST_ROUTES=1 (the end-to-end suites' own shops): the
 * digest of every table, so that a test outside this process (PGlite files open here only) can prove a
 * request changed no row. Counts and hashes, never data.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { tableDigests } from '../db/digest.js';

const testDatabaseRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get('/test/database-digest', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ tables: await tableDigests(db) }),
  );
};

export default testDatabaseRoutes;
