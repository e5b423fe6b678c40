/**
 * Staff operations on parts (contract extension under /api/v2/admin, bearer STAFF_API_TOKEN; not
 * registered when no token is configured). Every change is announced by its commit (db/stock.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { HttpError, notFound } from '../http/errors.js';
import { syliusDate } from '../http/jsonld.js';
import { spreadsheetLinesSchema, type SpreadsheetLinesBody } from '../http/spreadsheet-lines.js';
import { ADMIN_PREFIX, staffGuard } from '../http/staff-auth.js';
import type { AppContext } from '../context.js';
import { importParts, keepPhotos, storePartPhoto } from '../use-cases/import-parts.js';
import { markSold } from '../use-cases/mark-part-sold.js';
import { STAFF_MESSAGES } from '../domain/staff-messages.js';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
const CODE_PARAM = { type: 'string', pattern: '^[A-Z0-9][A-Z0-9_-]{2,40}$' } as const;

const adminProductsRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { staffToken } = context;
  if (!staffToken) return;
  app.addHook('onRequest', staffGuard(staffToken));

  // A part sold at the counter or elsewhere: off every listing, its page marked sold out. Staff may
  // record a sale made earlier (`soldAt`, ISO 8601), never one in the future.
  app.post<{ Params: { code: string }; Body: { soldAt?: string } | undefined }>(
    `${ADMIN_PREFIX}/products/:code/mark-sold`,
    {
      schema: {
        body: {
          type: ['object', 'null'],
          properties: { soldAt: { type: 'string', format: 'date-time' } },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const sale = await markSold(context, {
        code: request.params.code,
        soldAt: request.body?.soldAt ? new Date(request.body.soldAt) : undefined,
        log: request.log,
      });
      if (!sale) throw notFound(STAFF_MESSAGES.partNotFound);
      return { code: sale.code, soldAt: syliusDate(sale.soldAt), changed: sale.changed };
    },
  );

  // The import (npm run import): lines of the staff's CSV, as the spreadsheet wrote them. Each is
  // checked here (never trust the client), then created, changed, sold or withdrawn — or left alone
  // when nothing differs; the answer says which, line by line.
  app.put<{ Body: SpreadsheetLinesBody }>(
    `${ADMIN_PREFIX}/products`,
    {
      schema: { body: spreadsheetLinesSchema({ maxLines: 200, maxColumns: 40, maxCellLength: 6000 }) },
    },
    async (request) => ({ results: await importParts(context, request.body.lines) }),
  );

  // A part's photo from the import's folder: re-encoded as WebP (EXIF orientation applied, metadata
  // dropped), named after its content so a changed photo gets a new URL (images are cached for a year).
  app.addContentTypeParser(PHOTO_TYPES, { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  app.put<{ Params: { code: string; position: string }; Body: Buffer }>(
    `${ADMIN_PREFIX}/products/:code/images/:position`,
    {
      bodyLimit: MAX_PHOTO_BYTES,
      schema: {
        params: { type: 'object', properties: { code: CODE_PARAM, position: { type: 'string', pattern: '^[1-9]$' } } },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw new HttpError(415, STAFF_MESSAGES.photoFormat);
      const { code } = request.params;
      const position = Number(request.params.position);
      const stored = await storePartPhoto(context, { code, position, photo: request.body });
      return reply.status(stored.changed ? 201 : 200).send({ code, position, ...stored });
    },
  );

  app.post<{ Params: { code: string }; Body: { count: number } }>(
    `${ADMIN_PREFIX}/products/:code/images/keep`,
    {
      schema: {
        params: { type: 'object', properties: { code: CODE_PARAM } },
        body: {
          type: 'object',
          required: ['count'],
          additionalProperties: false,
          properties: { count: { type: 'integer', minimum: 1, maximum: 9 } },
        },
      },
    },
    async (request) => {
      const changed = await keepPhotos(context, { code: request.params.code, count: request.body.count });
      return { code: request.params.code, changed };
    },
  );
};

export default adminProductsRoutes;
