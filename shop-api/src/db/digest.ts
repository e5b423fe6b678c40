/**
 * A digest of every table of the database: its row count and the md5 of its rows, in the order of their
 * text (a fixed order whatever the plan). Tests compare two digests to prove a request wrote nothing;
 * no row's content ever leaves this function.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

export interface TableDigest {
  /** schema.table */
  table: string;
  rows: number;
  md5: string;
}

/**
 * The job queue's own tables (jobs/queue.ts) are left out: its clock and workers write them every few
 * seconds whatever the requests do; the shop's state is in the others.
 */
const JOB_QUEUE_SCHEMA = 'pgboss';

export async function tableDigests(db: Db): Promise<TableDigest[]> {
  // One statement: query_to_xml runs the count and hash of each table, named from the catalogue.
  const result = await db.execute(sql`
    SELECT n.nspname || '.' || c.relname AS "table",
           (xpath('/row/rows/text()', digest))[1]::text::int AS "rows",
           (xpath('/row/md5/text()', digest))[1]::text AS "md5"
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    CROSS JOIN LATERAL query_to_xml(
      format('SELECT count(*) AS rows, md5(coalesce(string_agg(t::text, %L ORDER BY t::text), %L)) AS md5 FROM %I.%I t',
             E'\n', '', n.nspname, c.relname),
      false, true, '') AS digest
    WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema', ${JOB_QUEUE_SCHEMA})
      AND n.nspname NOT LIKE 'pg\_%'
    ORDER BY 1`);
  return (result as unknown as { rows: TableDigest[] }).rows;
}
