/** Taxon reads: items, children, descendants. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { channels, taxons } from './schema.js';

type TaxonRow = typeof taxons.$inferSelect;

export interface TaxonWithChildren extends TaxonRow {
  childCodes: string[];
}

async function withChildren(db: Db, rows: TaxonRow[]): Promise<TaxonWithChildren[]> {
  if (rows.length === 0) return [];
  const children = await db
    .select({ parentId: taxons.parentId, code: taxons.code })
    .from(taxons)
    .where(
      and(
        inArray(
          taxons.parentId,
          rows.map((row) => row.id),
        ),
        eq(taxons.enabled, true),
      ),
    )
    .orderBy(asc(taxons.position), asc(taxons.id));
  return rows.map((row) => ({ ...row, childCodes: children.filter((c) => c.parentId === row.id).map((c) => c.code) }));
}

export async function findTaxon(db: Db, code: string): Promise<TaxonWithChildren | null> {
  const rows = await db
    .select()
    .from(taxons)
    .where(and(eq(taxons.code, code), eq(taxons.enabled, true)));
  return (await withChildren(db, rows))[0] ?? null;
}

/** Enabled children of `parentCode`, or of the channel's menu taxon when absent. */
export async function listTaxonChildren(
  db: Db,
  parentCode: string | undefined,
  channelCode: string,
): Promise<TaxonWithChildren[]> {
  let code = parentCode;
  if (code === undefined) {
    const [channel] = await db
      .select({ menu: channels.menuTaxonCode })
      .from(channels)
      .where(eq(channels.code, channelCode));
    if (!channel) return [];
    code = channel.menu;
  }
  const rows = await db
    .select()
    .from(taxons)
    .where(
      and(eq(taxons.enabled, true), sql`${taxons.parentId} = (SELECT id FROM taxons WHERE code = ${code} AND enabled)`),
    )
    .orderBy(asc(taxons.position), asc(taxons.id));
  return withChildren(db, rows);
}

/**
 * The enabled taxon tree, read at most once a minute per database: every listing filter resolves a
 * family or a vehicle to its descendants, and the tree (a few hundred rows) changes only with the
 * catalogue's structure. `forgetTaxonTree` drops it at once after such a change.
 */
interface TaxonTree {
  idByCode: Map<string, number>;
  childrenById: Map<number, number[]>;
}
const TREE_TTL_MS = 60_000;
const trees = new WeakMap<Db, Promise<TaxonTree>>();
const treeAges = new WeakMap<Db, number>();

async function loadTree(db: Db): Promise<TaxonTree> {
  const rows = await db
    .select({ id: taxons.id, parentId: taxons.parentId, code: taxons.code })
    .from(taxons)
    .where(eq(taxons.enabled, true));
  const enabled = new Set(rows.map((row) => row.id));
  const childrenById = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parentId === null || !enabled.has(row.parentId)) continue;
    childrenById.set(row.parentId, [...(childrenById.get(row.parentId) ?? []), row.id]);
  }
  return { idByCode: new Map(rows.map((row) => [row.code, row.id])), childrenById };
}

function taxonTree(db: Db): Promise<TaxonTree> {
  const age = treeAges.get(db);
  let tree = trees.get(db);
  if (!tree || age === undefined || Date.now() - age > TREE_TTL_MS) {
    tree = loadTree(db);
    trees.set(db, tree);
    treeAges.set(db, Date.now());
    tree.catch(() => trees.delete(db));
  }
  return tree;
}

export function forgetTaxonTree(db: Db): void {
  trees.delete(db);
}

/** Ids of the taxon `code` and of every enabled taxon below it (an enabled path only); empty when unknown. */
export async function descendantIds(db: Db, code: string): Promise<number[]> {
  const tree = await taxonTree(db);
  const start = tree.idByCode.get(code);
  if (start === undefined) return [];
  const ids: number[] = [];
  const pending = [start];
  while (pending.length > 0) {
    const id = pending.pop()!;
    ids.push(id);
    pending.push(...(tree.childrenById.get(id) ?? []));
  }
  return ids;
}

/** Ids of taxons by exact code. */
export async function taxonIdsByCodes(db: Db, codes: string[]): Promise<number[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ id: taxons.id })
    .from(taxons)
    .where(and(inArray(taxons.code, codes), eq(taxons.enabled, true)));
  return rows.map((row) => row.id);
}
