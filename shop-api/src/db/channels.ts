/** The sales channel's settings (currency and locale of the shop). */
import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { channels } from './schema.js';

export async function findChannel(db: Db, code: string): Promise<typeof channels.$inferSelect | null> {
  const [row] = await db.select().from(channels).where(eq(channels.code, code));
  return row ?? null;
}
