/**
 * Staff operations on parts (contract extension under /api/v2/admin, bearer STAFF_API_TOKEN; not
 * registered when no token is configured). Every change is announced by its commit (db/stock.ts).
 */
import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { importPart, keepPartPhotos, setPartPhoto, type ImportResult } from '../db/part-import.js';
import { findImageSubject } from '../db/products.js';
import { markPartSold } from '../db/sales.js';
import { parseImportLine } from '../domain/part-import.js';
import { HttpError, notFound } from '../http/errors.js';
import { syliusDate } from '../http/jsonld.js';
import { spreadsheetLinesSchema, type SpreadsheetLinesBody } from '../http/spreadsheet-lines.js';
import { ADMIN_PREFIX, staffGuard } from '../http/staff-auth.js';
import { closeCheckouts } from '../payments/confirmed.js';
import type { AppContext } from '../context.js';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
/**
 * Decoded size bound: a few kilobytes of PNG or WebP can declare a picture of billions of pixels
 * (a decompression bomb). 50 megapixels covers a 48 MP phone photo and keeps one decode near 150 MB.
 */
const MAX_PHOTO_PIXELS = 50_000_000;
const CODE_PARAM = { type: 'string', pattern: '^[A-Z0-9][A-Z0-9_-]{2,40}$' } as const;

const adminProductsRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db, staffToken, now, mediaDir } = context;
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
      const at = request.body?.soldAt ? new Date(request.body.soldAt) : now();
      if (at.getTime() > now().getTime() + 60_000)
        throw new HttpError(400, 'La date de vente ne peut pas être dans le futur.');
      const sale = await markPartSold(db, request.params.code, at);
      if (!sale) throw notFound('Pièce introuvable.');
      await closeCheckouts(context, sale.cancelled, request.log);
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
    async (request) => {
      const at = now();
      const results: (ImportResult & { line: number; code: string })[] = [];
      for (const { line, record } of request.body.lines) {
        const parsed = parseImportLine(record, at.getFullYear());
        const code = (record.code ?? '').trim().toUpperCase();
        const result: ImportResult = parsed.ok
          ? await importPart(db, parsed.part, at)
          : { outcome: 'rejected', errors: parsed.errors };
        results.push({ line, code, ...result });
      }
      return { results };
    },
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
      if (!Buffer.isBuffer(request.body)) throw new HttpError(415, 'Envoyez la photo en JPEG, PNG ou WebP.');
      const { code } = request.params;
      // Before any decoding or file: a photo for a part the shop does not have stays out of var/media.
      if (!(await findImageSubject(db, code))) throw notFound(UNKNOWN_PART);
      const position = Number(request.params.position);
      const digest = createHash('sha256').update(request.body).digest('hex').slice(0, 12);
      const path = `parts/${code}-${position}-${digest}.webp`;
      const webp = await photoAsWebp(request.body);
      const file = join(mediaDir, path);
      await mkdir(join(mediaDir, 'parts'), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, webp, { mode: 0o600 });
      await rename(temporary, file);
      const changed = await setPartPhoto(db, code, position - 1, path);
      if (changed === null) throw notFound(UNKNOWN_PART);
      return reply.status(changed ? 201 : 200).send({ code, position, path, changed });
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
      const changed = await keepPartPhotos(db, request.params.code, request.body.count);
      return { code: request.params.code, changed };
    },
  );
};

const UNKNOWN_PART = 'Pièce introuvable : importez sa ligne avant ses photos.';

/**
 * The photo re-encoded as WebP, at most 1600 px a side. Its declared dimensions are read from the
 * header first (no pixel decoded); `limitInputPixels` bounds the decode itself as well, should a
 * format report one size and hold another.
 */
async function photoAsWebp(body: Buffer): Promise<Buffer> {
  let declared: { width?: number; height?: number };
  try {
    // Header only: sharp's own pixel limit would refuse a bomb here as merely unreadable.
    declared = await sharp(body, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(422, UNREADABLE_PHOTO);
  }
  const { width = 0, height = 0 } = declared;
  if (!width || !height) throw new HttpError(422, UNREADABLE_PHOTO);
  if (width * height > MAX_PHOTO_PIXELS) {
    throw new HttpError(
      422,
      `Photo trop grande (${width} × ${height} pixels) : ${MAX_PHOTO_PIXELS / 1_000_000} mégapixels au plus.`,
    );
  }
  try {
    return await sharp(body, { limitInputPixels: MAX_PHOTO_PIXELS })
      .rotate()
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new HttpError(422, UNREADABLE_PHOTO);
  }
}

const UNREADABLE_PHOTO = 'Ce fichier n’est pas une image lisible.';

export default adminProductsRoutes;
