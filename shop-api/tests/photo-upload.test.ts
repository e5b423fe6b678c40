/**
 * The staff's photo upload (PUT /api/v2/admin/products/{code}/images/{n}): a decompression bomb —
 * a small file declaring a huge picture — is refused before it is decoded, and a photo for a part the
 * shop does not have writes no file.
 */
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { partPhotos, products } from '../src/db/schema.js';
import { PUBLIC_URL, startTestShop, type TestShop } from './helpers/backends.js';

const STAFF = 'staff-token-for-the-photo-upload-test-01';

/** A PNG of `width`×`height` black pixels (1-bit grey): all zeros, so it deflates to almost nothing. */
function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height); // filter byte 0 + zeros on every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Every file under `dir`, relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));

describe('staff photo upload', () => {
  let shop: TestShop;
  /** The photos kept, by path: in the database, never under var/media. */
  const photosKept = async () =>
    (await shop.database.db.select({ path: partPhotos.path }).from(partPhotos)).map((row) => row.path).sort();
  /** Another shop-API instance on the same database, with a var/media of its own (another machine). */
  const otherInstance = async (mediaDir = mkdtempSync(join(tmpdir(), 'autre-instance-'))) =>
    buildApp({ db: shop.database.db, publicUrl: PUBLIC_URL, mediaDir, logger: false });
  let code: string;
  const upload = (partCode: string, body: Buffer, type = 'image/png') =>
    shop.app.inject({
      method: 'PUT',
      url: `/api/v2/admin/products/${partCode}/images/1`,
      headers: { authorization: `Bearer ${STAFF}`, 'content-type': type },
      payload: body,
    });

  beforeAll(async () => {
    shop = await startTestShop('pglite', 3, { staffToken: STAFF });
    [{ code }] = (await shop.database.db.select({ code: products.code }).from(products).limit(1)) as [{ code: string }];
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('stores a real photo of a known part (the path the refusals below must not take)', async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const response = await upload(code, photo, 'image/jpeg');
    expect(response.statusCode).toBe(201);
    const path = response.json().path as string;
    expect(await photosKept()).toEqual([path]);
    expect(filesUnder(shop.mediaDir)).toEqual([]);
    // Any instance serves it, kept a year by browsers (before: 404 from an instance that had not stored it).
    const other = await otherInstance();
    try {
      const served = await other.inject({ method: 'GET', url: `/media/image/${path}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(640);
    } finally {
      await other.close();
    }
  });

  it('moves a photo an earlier version kept under var/media into the database when it is first asked for', async () => {
    const legacy = `parts/${code}-2-abcdefabcdef.webp`;
    const mediaDir = mkdtempSync(join(tmpdir(), 'ancienne-instance-'));
    mkdirSync(join(mediaDir, 'parts'));
    const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#336633' } })
      .webp()
      .toBuffer();
    writeFileSync(join(mediaDir, legacy), photo);
    const old = await otherInstance(mediaDir);
    try {
      expect((await old.inject({ method: 'GET', url: `/media/image/${legacy}` })).statusCode).toBe(200);
    } finally {
      await old.close();
    }
    expect(await photosKept()).toContain(legacy);
    const fresh = await otherInstance();
    try {
      expect((await fresh.inject({ method: 'GET', url: `/media/image/${legacy}` })).rawPayload).toEqual(photo);
      expect(
        (await fresh.inject({ method: 'GET', url: `/media/image/parts/${code}-3-abcdefabcdef.webp` })).statusCode,
      ).toBe(404);
    } finally {
      await fresh.close();
    }
  });

  it.each([
    ['30000×30000 (over sharp’s own limit)', 30_000, 30_000],
    ['9000×9000 (81 megapixels, under sharp’s own limit)', 9_000, 9_000],
  ])(
    'refuses a small file declaring a picture of %s before decoding it, and writes nothing',
    async (_label, width, height) => {
      const bomb = blackPng(width, height);
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      const before = await photosKept();
      const response = await upload(code, bomb);
      expect(response.statusCode).toBe(422);
      expect(response.json()['hydra:description']).toBe(
        `Photo trop grande (${width} × ${height} pixels) : 50 mégapixels au plus.`,
      );
      expect(await photosKept()).toEqual(before);
      expect(filesUnder(shop.mediaDir)).toEqual([]);
    },
  );

  it('answers 404 for a part the shop does not have, keeping nothing', async () => {
    const before = await photosKept();
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer();
    const response = await upload('PIECE-INCONNUE-0001', photo);
    expect(response.statusCode).toBe(404);
    expect(response.json()['hydra:description']).toBe('Pièce introuvable : importez sa ligne avant ses photos.');
    expect(await photosKept()).toEqual(before);
    expect(filesUnder(shop.mediaDir)).toEqual([]);
  });
});
