/**
 * Product images: the `ProductImage` resource, and the image files themselves under /media/image/.
 * Photos the staff imported are read from the database (every instance has them; decision 0037); one
 * an earlier version kept under var/media is moved there when first asked for. Seeded parts have
 * stand-ins, drawn on first request and kept under this instance's var/media (any instance draws the
 * same). Either way the address names the content: browsers and CDNs keep it a year.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { findImage, findImageSubject } from '../db/products.js';
import { notFound } from '../http/errors.js';
import { API_PREFIX, iri, item } from '../http/jsonld.js';
import { renderPartImage } from '../media/part-image.js';
import { importedPartPhoto } from '../use-cases/part-photos.js';
import { digitsSchema, rowId } from '../http/params.js';
import type { AppContext } from '../context.js';

/** parts/<code>-<n>.webp: drawn stand-in of a part without photos; parts/<code>-<n>-<digest>.webp: an imported photo. */
const PART_IMAGE = /^([A-Z0-9][A-Z0-9_-]{2,40})-([1-9])(-[0-9a-f]{12})?\.webp$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';

const productImagesRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db, mediaUrl, mediaDir } = context;
  app.get<{ Params: { id: string } }>(
    `${API_PREFIX}/product-images/:id`,
    {
      schema: { params: { type: 'object', properties: { id: digitsSchema } } },
    },
    async (request) => {
      const id = rowId(request.params.id);
      const row = id === null ? null : await findImage(db, id);
      if (!row) throw notFound();
      return item('ProductImage', iri('product-images', row.image.id), {
        id: row.image.id,
        type: row.image.type,
        path: `${mediaUrl}/${row.image.path}`,
        product: iri('products', row.productCode),
      });
    },
  );

  app.get<{ Params: { file: string } }>('/media/image/parts/:file', async (request, reply) => {
    const match = PART_IMAGE.exec(request.params.file);
    if (!match) throw notFound();
    const file = join(mediaDir, 'parts', request.params.file);
    if (match[3]) {
      const photo = await importedPartPhoto(context, request.params.file);
      if (!photo) throw notFound();
      return reply.header('cache-control', IMMUTABLE).type('image/webp').send(photo);
    }
    let body: Buffer | null = await readFile(file).catch(() => null);
    if (!body) {
      const subject = await findImageSubject(db, match[1]!);
      if (!subject) throw notFound();
      body = await renderPartImage({
        title: subject.taxonName,
        caption: subject.name,
        code: subject.code,
        variant: Number(match[2]),
      });
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      // Write then rename, so a concurrent reader never sees half a file.
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, body, { mode: 0o600 });
      await rename(temporary, file);
    }
    return reply.header('cache-control', IMMUTABLE).type('image/webp').send(body);
  });
};

export default productImagesRoutes;
