import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../storage/db/db';
import {
  BLOB_COLUMNS,
  BLOB_TABLES,
  blobRefs,
  KEPT,
  quoted,
  snapshotTables,
  type BlobRef,
  type Row,
  type TableInfo,
} from './catalogue';
import { holdBlob, type Baseline, type HeldBlob, type SnapshotDeps } from './capture';
import { missingBlobs, storeLostBlobs } from './held-blobs';
import { resumeLiveWork, stopLiveWork } from './live-work';
import { NAMED_BLOBS_SQL, releaseUnnamed } from './restore';

const copyOf = (table: string) => quoted(`snapshot_base_${table}`);
/** The transaction's own id as rows carry it in `xmin` (its low 32 bits). */
const MARK_SQL = 'SELECT txid_current() % 4294967296 AS mark';
const newer = `xmin::text::bigint > $1`;

/**
 * The baseline of the embedded database, for a reset in milliseconds: the rows are copied into
 * temporary tables of the one PGlite session, and a reset touches only what changed since. A row
 * written after the last reset carries a newer transaction id (`xmin`) than the mark kept then; so
 * per table one scan counts the rows and the newer ones, the newer ones are deleted, and the baseline
 * rows missing (deleted, or updated and so just deleted) are copied back by primary key. Foreign keys
 * are not checked meanwhile (`session_replication_role = replica`, PGlite's user being the superuser):
 * the end state is the baseline, which was consistent, and a delete cascading into an unchanged table
 * would make it copy that table again. The demo seed's 10,000 rows are then never read again.
 */
export async function embeddedBaseline(deps: SnapshotDeps): Promise<Baseline> {
  const { stores } = deps;
  await mkdir(deps.scratchDir, { recursive: true });
  const holdDir = await mkdtemp(path.join(deps.scratchDir, 'baseline-'));
  const taken = await stores.db
    .transaction(async (tx) => {
      const tables = await snapshotTables(tx);
      const counts = new Map<string, number>();
      const refs = new Map<string, BlobRef>();
      for (const table of tables) {
        await tx.query(`DROP TABLE IF EXISTS pg_temp.${copyOf(table.name)}`);
        await tx.query(`CREATE TEMP TABLE ${copyOf(table.name)} AS SELECT * FROM ${quoted(table.name)}`);
        // Statistics, so that copying back a few missing rows of thousands plans as a hash anti-join.
        await tx.query(`ANALYZE ${copyOf(table.name)}`);
        const rows = await tx.query<{ row: Row }>(
          BLOB_TABLES.has(table.name)
            ? `SELECT to_jsonb(t) AS row FROM ${copyOf(table.name)} t`
            : 'SELECT 1 WHERE false',
        );
        blobRefs(
          table.name,
          rows.map((row) => row.row),
          refs,
        );
        counts.set(
          table.name,
          Number((await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${copyOf(table.name)}`))[0]!.n),
        );
      }
      // Held before the commit: no request can free a blob these rows name until then (see capture.ts).
      const held: HeldBlob[] = [];
      for (const ref of refs.values()) {
        const file = await holdBlob(deps.blobs, ref, path.join(holdDir, ref.id));
        if (file) held.push(file);
      }
      const [{ mark }] = (await tx.query<{ mark: number }>(MARK_SQL)) as [{ mark: number }];
      return { tables, counts, held, mark: Number(mark) };
    })
    .catch(async (error: unknown) => {
      await rm(holdDir, { recursive: true, force: true });
      throw error;
    });
  let mark = taken.mark;
  const renamed = new Map<string, string>();
  const baselineIds = () => new Set(taken.held.map((blob) => renamed.get(blob.id) ?? blob.id));

  /**
   * Only a blob no row names can have been freed: those of the baseline are looked for in the store,
   * and a lost one is stored again, inside the transaction, before the rows that name it come back.
   */
  const restore = async () => {
    const { before, unnamed, next } = await stores.db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      const named = new Set((await tx.query<{ id: string }>(NAMED_BLOBS_SQL)).map((row) => row.id));
      const unnamed = taken.held.filter((blob) => !named.has(renamed.get(blob.id) ?? blob.id));
      for (const [old, now] of await storeLostBlobs(deps.blobs, unnamed, renamed)) await renameBlob(tx, old, now);
      await restoreChanged(tx, taken.tables, taken.counts, mark);
      const next = Number((await tx.query<{ mark: number }>(MARK_SQL))[0]!.mark);
      return { before: named, unnamed, next };
    });
    mark = next;
    stores.revocations.revoked();
    const kept = baselineIds();
    await releaseUnnamed(
      deps,
      [...before].filter((id) => !kept.has(id)),
    );
    return unnamed;
  };

  return {
    async reset() {
      await stopLiveWork(stores, deps.runners);
      let unnamed = await restore();
      // A request that found a baseline blob unnamed just before the commit deletes it after: store it again.
      for (let attempt = 0; attempt < 3 && unnamed.length; attempt++) {
        if (!(await missingBlobs(deps.blobs, unnamed, renamed)).length) break;
        unnamed = await restore();
      }
      await resumeLiveWork(deps.runners);
    },
    async dispose() {
      for (const table of taken.tables) await stores.db.query(`DROP TABLE IF EXISTS pg_temp.${copyOf(table.name)}`);
      await rm(holdDir, { recursive: true, force: true });
    },
  };
}

async function restoreChanged(
  tx: Queryable,
  tables: readonly TableInfo[],
  counts: ReadonlyMap<string, number>,
  mark: number,
) {
  const scan = tables
    .map(
      (table) =>
        `SELECT '${table.name}' AS name, count(*)::int AS rows, (count(*) FILTER (WHERE ${newer}))::int AS newer FROM ${quoted(table.name)}`,
    )
    .join(' UNION ALL ');
  const found = new Map(
    (await tx.query<{ name: string; rows: number; newer: number }>(scan, [mark])).map((row) => [row.name, row]),
  );
  for (const table of tables) {
    const now = found.get(table.name)!;
    const name = quoted(table.name);
    if (now.newer > 0 && !KEPT.has(table.name)) await tx.query(`DELETE FROM ${name} WHERE ${newer}`, [mark]);
    if (now.rows - now.newer >= counts.get(table.name)!) continue;
    const sameKey = table.key.length
      ? table.key.map((column) => `t.${quoted(column)} = b.${quoted(column)}`).join(' AND ')
      : 't::text = b::text';
    await tx.query(
      `INSERT INTO ${name} SELECT b.* FROM ${copyOf(table.name)} b WHERE NOT EXISTS (SELECT 1 FROM ${name} t WHERE ${sameKey})` +
        (KEPT.has(table.name) ? ' ON CONFLICT DO NOTHING' : ''),
    );
  }
}

/** A baseline blob stored again under a new id: its copies and any row still naming it follow. */
async function renameBlob(tx: Queryable, old: string, now: string) {
  for (const column of BLOB_COLUMNS)
    for (const table of [copyOf(column.table), quoted(column.table)])
      await tx.query(`UPDATE ${table} SET ${quoted(column.id)} = $1 WHERE ${quoted(column.id)} = $2`, [now, old]);
}
