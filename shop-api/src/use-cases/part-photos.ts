/**
 * A photo the staff imported, as served: from the database (decision 0037), or, kept by an earlier
 * version under this instance's var/media, moved into the database the first time it is asked for.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../context.js';
import { readPartPhoto, savePartPhoto } from '../db/part-photos.js';

/** `file`: the name under /media/image/parts/ (already checked against the route's pattern). */
export async function importedPartPhoto({ db, mediaDir }: AppContext, file: string): Promise<Buffer | null> {
  const path = `parts/${file}`;
  const stored = await readPartPhoto(db, path);
  if (stored) return stored;
  const left = await readFile(join(mediaDir, path)).catch(() => null);
  if (left) await savePartPhoto(db, path, left);
  return left;
}
