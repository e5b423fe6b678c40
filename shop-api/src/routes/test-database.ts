/**
 * Test-only routes, registered when SHOP_API_TEST_ROUTES=1 (the end-to-end suites' own shops): the
 * digest of every table, so that a test outside this process (PGlite files open here only) can prove a
 * request changed no row (counts and hashes, never data); and an account's address made older, as if
 * it had held the account `days` days, for journeys that need an address's tenure (decision 0028).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { ageEmailTenure } from '../db/customers.js';
import { tableDigests } from '../db/digest.js';

const testDatabaseRoutes: FastifyPluginAsync<AppContext> = async (app, { db, now }) => {
  app.get('/test/database-digest', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ tables: await tableDigests(db) }),
  );
  app.post<{ Body: { email: string; days: number } }>(
    '/test/email-tenure',
    {
      schema: {
        body: {
          type: 'object',
          required: ['email', 'days'],
          properties: {
            email: { type: 'string', maxLength: 255 },
            days: { type: 'integer', minimum: 0, maximum: 3650 },
          },
        },
      },
    },
    async (request, reply) => {
      const since = new Date(now().getTime() - request.body.days * 86_400_000);
      const aged = await ageEmailTenure(db, request.body.email, since);
      return reply.status(aged ? 204 : 404).send();
    },
  );
};

export default testDatabaseRoutes;
