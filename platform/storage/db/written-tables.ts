/**
 * Which tables a statement reads, and which a write may change, so that a write forgets only the
 * remembered answers it can have changed: a job's progress need not send every request of the
 * platform back to the database. Names are matched as words of the SQL against the schema's tables
 * (a word that is not a table costs nothing), and a write reaches every table its foreign keys
 * cascade to. The schema has no triggers, rules or views (a test holds it to that).
 */
export interface Schema {
  tables: ReadonlySet<string>;
  /** For each table, the tables whose foreign keys act on its deletes or updates (cascade, set null, set default). */
  cascades: ReadonlyMap<string, readonly string[]>;
}

/** The current schema's tables and their cascading foreign keys, one row per table. */
export const SCHEMA_SQL = `
SELECT c.relname AS name, COALESCE(json_agg(d.relname) FILTER (WHERE d.relname IS NOT NULL), '[]') AS dependents
FROM pg_class c
LEFT JOIN pg_constraint f ON f.confrelid = c.oid AND f.contype = 'f' AND (f.confdeltype IN ('c', 'n', 'd') OR f.confupdtype IN ('c', 'n', 'd'))
LEFT JOIN pg_class d ON d.oid = f.conrelid
WHERE c.relkind IN ('r', 'p') AND c.relnamespace = current_schema()::regnamespace
GROUP BY c.relname`;

export function schemaFrom(rows: readonly { name: string; dependents: string[] }[]): Schema {
  return {
    tables: new Set(rows.map((row) => row.name)),
    cascades: new Map(rows.map((row) => [row.name, row.dependents])),
  };
}

const WORD = /[a-z_][a-z0-9_$]*/g;
/** Statements that change the schema itself, or empty tables with their dependents. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop|truncate|comment|grant|revoke|reindex|cluster|vacuum|analyze)\b/i;

export function changesSchema(sql: string): boolean {
  return SCHEMA_CHANGE.test(sql);
}

/** The schema's tables named in `sql`. */
export function tablesIn(sql: string, schema: Schema): Set<string> {
  const named = new Set<string>();
  for (const word of sql.toLowerCase().match(WORD) ?? []) if (schema.tables.has(word)) named.add(word);
  return named;
}

/** The tables a write may change: those it names and, through cascading foreign keys, theirs; undefined: any. */
export function writtenTables(sql: string, schema: Schema): Set<string> | undefined {
  if (changesSchema(sql)) return undefined;
  const written = tablesIn(sql, schema);
  if (written.size === 0) return undefined;
  for (const table of written) for (const dependent of schema.cascades.get(table) ?? []) written.add(dependent);
  return written;
}
