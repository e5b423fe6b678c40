/** The staff's photos of parts, kept in the database (schema `partPhotos`, decision 0037). */
import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { partPhotos } from './schema.js';

/** Keeps a photo under its path; a path is named after its content, so one already there is the same photo. */
export async function savePartPhoto(db: Db, path: string, content: Buffer): Promise<void> {
  await db.insert(partPhotos).values({ path, content }).onConflictDoNothing();
}

export async function readPartPhoto(db: Db, path: string): Promise<Buffer | null> {
  const [row] = await db.select({ content: partPhotos.content }).from(partPhotos).where(eq(partPhotos.path, path));
  return row?.content ?? null;
}
