/**
 * Staff operations on parts (contract extension under /api/v2/admin, bearer STAFF_API_TOKEN; not
 * registered when no token is configured). Every change is pushed to the storefront's cache.
 */
import type { FastifyPluginAsync } from 'fastify';
import { markPartSold } from '../db/sales.js';
import { HttpError, notFound } from '../http/errors.js';
import { syliusDate } from '../http/jsonld.js';
import { staffGuard } from '../http/staff-auth.js';
import { partTags } from '../notify/storefront.js';
import type { AppContext } from '../app.js';

export const ADMIN_PREFIX = '/api/v2/admin';

const adminProductsRoutes: FastifyPluginAsync<AppContext> = async (app, { db, notifier, staffToken, now }) => {
  if (!staffToken) return;
  app.addHook('onRequest', staffGuard(staffToken));

  // A part sold at the counter or elsewhere: off every listing, its page marked sold out. Staff may
  // record a sale made earlier (`soldAt`, ISO 8601), never one in the future.
  app.post<{ Params: { code: string }; Body: { soldAt?: string } | undefined }>(`${ADMIN_PREFIX}/products/:code/mark-sold`, {
    schema: {
      body: {
        type: ['object', 'null'],
        properties: { soldAt: { type: 'string', format: 'date-time' } },
        additionalProperties: false,
      },
    },
  }, async (request) => {
    const at = request.body?.soldAt ? new Date(request.body.soldAt) : now();
    if (at.getTime() > now().getTime() + 60_000) throw new HttpError(400, 'La date de vente ne peut pas être dans le futur.');
    const sale = await markPartSold(db, request.params.code, at);
    if (!sale) throw notFound('Pièce introuvable.');
    if (sale.changed) notifier.notify(partTags(sale.code));
    return { code: sale.code, soldAt: syliusDate(sale.soldAt), changed: sale.changed };
  });
};

export default adminProductsRoutes;
