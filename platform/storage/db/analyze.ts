import type { Db } from './db';

/**
 * Tables whose planner statistics are missing or stale: never analyzed, or grown by a fifth (and ten
 * pages) since. pg_class keeps what the last ANALYZE saw, across restarts, unlike the activity counters.
 */
const STALE_TABLES = `
  SELECT c.relname AS name FROM pg_class c
  WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace AND pg_relation_size(c.oid) > 0
    AND (c.reltuples < 0 OR pg_relation_size(c.oid) / current_setting('block_size')::integer > c.relpages * 1.2 + 10)`;

/**
 * ANALYZE for the embedded database, which has no autovacuum to do it: without statistics the planner
 * guessed 11 rows in a 5,000-item folder and sorted the whole folder for each page (bitmap scan, sort)
 * where the name index gives the page in order. Run at start and then now and again; a table analyzed
 * is skipped until it has grown. A PostgreSQL server's autovacuum does this itself.
 */
export async function analyzeStaleTables(db: Db): Promise<string[]> {
  const stale = await db.query<{ name: string }>(STALE_TABLES);
  for (const { name } of stale) await db.exec(`ANALYZE "${name.replace(/"/g, '""')}"`);
  return stale.map((table) => table.name);
}
