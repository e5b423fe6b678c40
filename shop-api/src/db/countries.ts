/** Countries the shop delivers to. */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { countries } from './schema.js';

/** Codes of the enabled countries, in order. */
export async function enabledCountryCodes(db: Db): Promise<string[]> {
  const rows = await db
    .select({ code: countries.code })
    .from(countries)
    .where(eq(countries.enabled, true))
    .orderBy(asc(countries.code));
  return rows.map((row) => row.code);
}

/** The code of an enabled country, or null (unknown or not delivered to). */
export async function findEnabledCountry(db: Db, code: string): Promise<string | null> {
  const [row] = await db
    .select({ code: countries.code })
    .from(countries)
    .where(and(eq(countries.code, code), eq(countries.enabled, true)));
  return row?.code ?? null;
}
