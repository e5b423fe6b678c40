/**
 * The staff's import (`npm run import`): lines of their CSV, each checked (never trust the client),
 * then the part created, changed, sold or withdrawn — or left alone when nothing differs; and the parts'
 * photos from the import's folder. Every change is announced by its commit (db/stock.ts).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { AppContext } from '../context.js';
import { importPart, keepPartPhotos, setPartPhoto, type ImportResult } from '../db/part-import.js';
import { savePartPhoto } from '../db/part-photos.js';
import { findImageSubject } from '../db/products.js';
import { parseImportLine } from '../domain/part-import.js';
import { HttpError, notFound } from '../http/errors.js';
import type { SpreadsheetLinesBody } from '../http/spreadsheet-lines.js';
import { STAFF_MESSAGES } from '../domain/staff-messages.js';

/** What each line did, line by line. */
export async function importParts(
  context: AppContext,
  lines: SpreadsheetLinesBody['lines'],
): Promise<(ImportResult & { line: number; code: string })[]> {
  const at = context.now();
  const results: (ImportResult & { line: number; code: string })[] = [];
  for (const { line, record } of lines) {
    const parsed = parseImportLine(record, at.getFullYear());
    const code = (record.code ?? '').trim().toUpperCase();
    const result: ImportResult = parsed.ok
      ? await importPart(context.db, parsed.part, at)
      : { outcome: 'rejected', errors: parsed.errors };
    results.push({ line, code, ...result });
  }
  return results;
}

/**
 * A part's photo at `position` (1–9): re-encoded as WebP (EXIF orientation applied, metadata dropped),
 * named after its content so a changed photo gets a new URL (images are cached for a year). `changed`
 * is false when the part already showed this photo there.
 */
export async function storePartPhoto(
  context: AppContext,
  input: { code: string; position: number; photo: Buffer },
): Promise<{ path: string; changed: boolean }> {
  const { db } = context;
  const { code, position, photo } = input;
  // Before any decoding or write: a photo for a part the shop does not have is never kept.
  if (!(await findImageSubject(db, code))) throw notFound(STAFF_MESSAGES.partNotImported);
  const digest = createHash('sha256').update(photo).digest('hex').slice(0, 12);
  const path = `parts/${code}-${position}-${digest}.webp`;
  const webp = await photoAsWebp(photo);
  // In the database, where every instance reads it (decision 0037).
  await savePartPhoto(db, path, webp);
  const changed = await setPartPhoto(db, code, position - 1, path);
  if (changed === null) throw notFound(STAFF_MESSAGES.partNotImported);
  return { path, changed };
}

/** Keeps only the part's first `count` photos (a photo taken off the spreadsheet's list goes); whether any went. */
export async function keepPhotos(context: AppContext, input: { code: string; count: number }): Promise<boolean> {
  return keepPartPhotos(context.db, input.code, input.count);
}

/**
 * Decoded size bound: a few kilobytes of PNG or WebP can declare a picture of billions of pixels
 * (a decompression bomb). 50 megapixels covers a 48 MP phone photo and keeps one decode near 150 MB.
 */
const MAX_PHOTO_PIXELS = 50_000_000;

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
    throw new HttpError(422, STAFF_MESSAGES.unreadablePhoto);
  }
  const { width = 0, height = 0 } = declared;
  if (!width || !height) throw new HttpError(422, STAFF_MESSAGES.unreadablePhoto);
  if (width * height > MAX_PHOTO_PIXELS) {
    throw new HttpError(422, STAFF_MESSAGES.photoTooLarge(width, height, MAX_PHOTO_PIXELS / 1_000_000));
  }
  try {
    return await sharp(body, { limitInputPixels: MAX_PHOTO_PIXELS })
      .rotate()
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new HttpError(422, STAFF_MESSAGES.unreadablePhoto);
  }
}
