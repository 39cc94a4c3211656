import type { Queryable } from '../storage/db/db';
import { MIGRATIONS } from '../storage/db/migrate';

/**
 * What a snapshot holds, learned from the database's own catalogue so that a table a later migration
 * adds is taken without anyone remembering to list it here.
 */
export interface TableInfo {
  name: string;
  /** The primary key's columns: rows are written in its order, so two exports of one state are equal. */
  key: string[];
  /** Tables its foreign keys point at (itself left out). */
  parents: string[];
}

/** Bookkeeping, not state: the migrations applied (the manifest says which), and rate-limit counters of past minutes. */
export const LEFT_OUT = new Set(['schema_migrations', 'rate_limit_windows']);

/**
 * The platform's own identity: its token signing keys and the secrets its signed URLs are made with.
 * A running process holds them in memory, so a restore keeps every row it has and only adds the
 * archive's others (its keys, so that the tokens it issued still verify).
 */
export const KEPT = new Set(['signing_keys', 'settings']);

const CATALOGUE_SQL = `
SELECT c.relname AS name,
  COALESCE((SELECT json_agg(a.attname ORDER BY k.ord) FROM pg_index i
    CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
    WHERE i.indrelid = c.oid AND i.indisprimary), '[]') AS key,
  COALESCE((SELECT json_agg(DISTINCT r.relname) FROM pg_constraint f JOIN pg_class r ON r.oid = f.confrelid
    WHERE f.conrelid = c.oid AND f.contype = 'f' AND f.confrelid <> c.oid), '[]') AS parents
FROM pg_class c
WHERE c.relkind IN ('r', 'p') AND c.relnamespace = current_schema()::regnamespace`;

/** The tables a snapshot holds, each after every table it refers to. */
export async function snapshotTables(db: Queryable): Promise<TableInfo[]> {
  const rows = await db.query<TableInfo>(CATALOGUE_SQL);
  const tables = rows.filter((table) => !LEFT_OUT.has(table.name)).sort((a, b) => a.name.localeCompare(b.name));
  const placed = new Set<string>();
  const ordered: TableInfo[] = [];
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table.name) && table.parents.every((parent) => placed.has(parent) || LEFT_OUT.has(parent)),
    );
    if (!ready.length)
      throw new Error('The schema has a cycle of foreign keys between tables: no order to restore in.');
    for (const table of ready) {
      placed.add(table.name);
      ordered.push(table);
    }
  }
  return ordered;
}

const SEQUENCES_SQL = `
SELECT c.relname AS "table", a.attname AS "column", pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS sequence
FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace
  AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL`;

/**
 * Sets each serial column's sequence just past the highest value the table now holds: rows a
 * restore wrote came with their ids, which the sequence did not give out (an archive of another
 * platform may hold higher ones), and the next row must not collide with them.
 */
export async function advanceSequences(tx: Queryable): Promise<void> {
  const serials = await tx.query<{ table: string; column: string; sequence: string }>(SEQUENCES_SQL);
  for (const { table, column, sequence } of serials)
    await tx.query(
      `SELECT setval($1::regclass, COALESCE((SELECT max(${quoted(column)}) FROM ${quoted(table)}), 0) + 1, false)`,
      [sequence],
    );
}

/** The migrations this platform's schema is made of; an archive must have been made at exactly these. */
export const schemaMigrations = (): number[] => MIGRATIONS.map((migration) => migration.id);

export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A row as the archive holds it: one JSON object, keyed by column name. */
export type Row = Record<string, unknown>;

/**
 * The columns that name a blob, with the column of its length. Kept in step with
 * `unreferencedBlobs` (storage/repos/oss-uploads.ts), which frees a blob only when none of them names it.
 */
export const BLOB_COLUMNS: readonly { table: string; id: string; size: string }[] = [
  { table: 'oss_object_blobs', id: 'blob_id', size: 'size' },
  { table: 'oss_parts', id: 'blob_id', size: 'size' },
  { table: 'md_files', id: 'blob_id', size: 'size' },
  { table: 'da_versions', id: 'blob_id', size: 'blob_size' },
  { table: 'da_workitems', id: 'report_blob_id', size: 'report_size' },
  { table: 'da_workitems', id: 'debug_blob_id', size: 'debug_size' },
];

export const BLOB_TABLES = new Set(BLOB_COLUMNS.map((column) => column.table));

interface Bundle {
  blobId?: unknown;
  size?: unknown;
}
const bundlesOf = (row: Row): Bundle[] => {
  const spec = row['spec'] as { bundles?: unknown } | null | undefined;
  return Array.isArray(spec?.bundles) ? (spec.bundles as Bundle[]) : [];
};

export interface BlobRef {
  id: string;
  size: number;
  /**
   * A live workitem's copy of its appbundle's zip: nothing keeps it from being freed with the
   * appbundle's version, so it is taken when it is there and its absence is no damage.
   */
  optional: boolean;
}

/** Every blob the rows of `table` name. */
export function blobRefs(table: string, rows: Iterable<Row>, into = new Map<string, BlobRef>()): Map<string, BlobRef> {
  const columns = BLOB_COLUMNS.filter((column) => column.table === table);
  const add = (id: unknown, size: unknown, optional: boolean) => {
    if (typeof id !== 'string' || !id) return;
    const known = into.get(id);
    if (!known || (known.optional && !optional)) into.set(id, { id, size: Number(size ?? 0), optional });
  };
  for (const row of rows) {
    for (const column of columns) add(row[column.id], row[column.size], false);
    if (table === 'da_workitems' && ['pending', 'inprogress'].includes(row['status'] as string))
      for (const bundle of bundlesOf(row)) add(bundle.blobId, bundle.size, true);
  }
  return into;
}

/** `rows` with every blob id that `renamed` knows replaced by its new id; other rows are returned as they are. */
export function renameBlobs(table: string, rows: Row[], renamed: ReadonlyMap<string, string>): Row[] {
  if (!renamed.size || !BLOB_TABLES.has(table)) return rows;
  const columns = BLOB_COLUMNS.filter((column) => column.table === table);
  return rows.map((row) => {
    const copy: Row = { ...row };
    for (const column of columns) {
      const id = copy[column.id];
      if (typeof id === 'string' && renamed.has(id)) copy[column.id] = renamed.get(id);
    }
    if (table === 'da_workitems' && bundlesOf(row).length) {
      const spec = row['spec'] as Row;
      const bundles = bundlesOf(row).map((bundle) =>
        typeof bundle.blobId === 'string' && renamed.has(bundle.blobId)
          ? { ...bundle, blobId: renamed.get(bundle.blobId) }
          : bundle,
      );
      copy['spec'] = { ...spec, bundles };
    }
    return copy;
  });
}
