/**
 * What the database holds, to prove that a request wrote nothing: a checksum of every table's rows
 * (the fuzz test, after each refused request), or the rows themselves, which can name what changed
 * (the GET-routes test, after each read).
 */
import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '../../src/db/client.js';
import { tableDigests } from '../../src/db/digest.js';

/** A checksum of every table's rows (the shop API's own digest, one statement): any write changes it. */
export async function databaseChecksum(db: Db): Promise<string> {
  const digests = await tableDigests(db);
  return createHash('md5')
    .update(digests.map((table) => `${table.table}:${table.rows}:${table.md5}`).join('|'))
    .digest('hex');
}

type Row = Record<string, unknown>;

/** Every table (`schema.table`, the migrations' bookkeeping included) → its rows as JSON, in a fixed order. */
export type DatabaseRows = Map<string, string>;

export async function databaseRows(db: Db): Promise<DatabaseRows> {
  const tables = (
    (await db.execute(sql`
      SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\_%'
      ORDER BY 1, 2`)) as unknown as { rows: { schema: string; name: string }[] }
  ).rows;
  // One statement for all tables: a snapshot per request stays a few milliseconds.
  const union = tables
    .map(
      ({ schema, name }) =>
        `SELECT ${quoteLiteral(`${schema}.${name}`)} AS name, coalesce(json_agg(t ORDER BY t::text)::text, '[]') AS rows FROM ${quoteIdent(schema)}.${quoteIdent(name)} t`,
    )
    .join(' UNION ALL ');
  const result = (await db.execute(sql.raw(union))) as unknown as { rows: { name: string; rows: string }[] };
  return new Map(result.rows.map((row) => [row.name, row.rows]));
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (name: string) => `'${name.replace(/'/g, "''")}'`;

/**
 * What differs between two snapshots, one line per row added, removed or changed (with its columns),
 * leaving out `ignored` columns (`schema.table` → column names, as in the database).
 */
export function rowChanges(
  before: DatabaseRows,
  after: DatabaseRows,
  ignored: ReadonlyMap<string, readonly string[]> = new Map(),
): string[] {
  const changes: string[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(table);
    const is = after.get(table);
    if (was === is) continue;
    if (was === undefined || is === undefined) {
      changes.push(`${table}: table ${was === undefined ? 'created' : 'dropped'}`);
      continue;
    }
    const skip = ignored.get(table) ?? [];
    const keyed = (json: string) =>
      new Map(
        (JSON.parse(json) as Row[]).map((row) => {
          for (const column of skip) delete row[column];
          return [rowKey(row), row] as const;
        }),
      );
    const old = keyed(was);
    const now = keyed(is);
    for (const [key, row] of now) {
      const previous = old.get(key);
      if (!previous) changes.push(`${table}: row ${key} added`);
      else {
        const columns = Object.keys(row).filter(
          (column) => JSON.stringify(row[column]) !== JSON.stringify(previous[column]),
        );
        if (columns.length > 0)
          changes.push(
            `${table}: row ${key} changed ${columns.map((c) => `${c} ${JSON.stringify(previous[c])} → ${JSON.stringify(row[c])}`).join(', ')}`,
          );
      }
    }
    for (const key of old.keys()) if (!now.has(key)) changes.push(`${table}: row ${key} removed`);
  }
  return changes;
}

/** A row's name in a report: its id or code, else the whole row. */
const rowKey = (row: Row) =>
  'id' in row ? `id=${String(row.id)}` : 'code' in row ? `code=${String(row.code)}` : JSON.stringify(row);
