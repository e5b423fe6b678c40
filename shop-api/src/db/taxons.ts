/** Taxon reads: items, children, descendants. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { channels, taxons } from './schema.js';

export type TaxonRow = typeof taxons.$inferSelect;

export interface TaxonWithChildren extends TaxonRow {
  childCodes: string[];
}

async function withChildren(db: Db, rows: TaxonRow[]): Promise<TaxonWithChildren[]> {
  if (rows.length === 0) return [];
  const children = await db.select({ parentId: taxons.parentId, code: taxons.code })
    .from(taxons)
    .where(and(inArray(taxons.parentId, rows.map((row) => row.id)), eq(taxons.enabled, true)))
    .orderBy(asc(taxons.position), asc(taxons.id));
  return rows.map((row) => ({ ...row, childCodes: children.filter((c) => c.parentId === row.id).map((c) => c.code) }));
}

export async function findTaxon(db: Db, code: string): Promise<TaxonWithChildren | null> {
  const rows = await db.select().from(taxons).where(and(eq(taxons.code, code), eq(taxons.enabled, true)));
  return (await withChildren(db, rows))[0] ?? null;
}

/** Enabled children of `parentCode`, or of the channel's menu taxon when absent. */
export async function listTaxonChildren(db: Db, parentCode: string | undefined, channelCode: string): Promise<TaxonWithChildren[]> {
  let code = parentCode;
  if (code === undefined) {
    const [channel] = await db.select({ menu: channels.menuTaxonCode }).from(channels).where(eq(channels.code, channelCode));
    if (!channel) return [];
    code = channel.menu;
  }
  const rows = await db.select().from(taxons)
    .where(and(eq(taxons.enabled, true), sql`${taxons.parentId} = (SELECT id FROM taxons WHERE code = ${code} AND enabled)`))
    .orderBy(asc(taxons.position), asc(taxons.id));
  return withChildren(db, rows);
}

/** Ids of the taxon `code` and of every enabled taxon below it; empty when unknown. */
export async function descendantIds(db: Db, code: string): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    WITH RECURSIVE tree(id) AS (
      SELECT id FROM taxons WHERE code = ${code} AND enabled
      UNION ALL
      SELECT child.id FROM taxons child JOIN tree ON child.parent_id = tree.id WHERE child.enabled
    )
    SELECT id FROM tree`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/** Ids of taxons by exact code. */
export async function taxonIdsByCodes(db: Db, codes: string[]): Promise<number[]> {
  if (codes.length === 0) return [];
  const rows = await db.select({ id: taxons.id }).from(taxons).where(and(inArray(taxons.code, codes), eq(taxons.enabled, true)));
  return rows.map((row) => row.id);
}

/** node-postgres returns `{ rows }`, PGlite returns `{ rows }` too but typed differently. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
