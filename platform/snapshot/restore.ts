import type { Queryable } from '../storage/db/db';
import { advanceSequences, BLOB_COLUMNS, KEPT, quoted, snapshotTables } from './catalogue';
import { isRetryable, type SnapshotDeps } from './capture';
import { resumeLiveWork, stopLiveWork } from './live-work';
import { SnapshotError } from './snapshot-error';

const RETRIES = 5;
const RELEASE_BATCH = 1000;

/** Every blob the rows name now: after the restore, those no row names any more are freed. */
export const NAMED_BLOBS_SQL = BLOB_COLUMNS.map(
  (column) => `SELECT ${quoted(column.id)} AS id FROM ${quoted(column.table)} WHERE ${quoted(column.id)} IS NOT NULL`,
).join(' UNION ');

/**
 * Makes the database hold exactly `rows` (per table, a JSON array of row objects) in one transaction:
 * every table emptied and filled again, or, if anything fails, nothing changed. The platform's own
 * signing keys and secrets stay (see `KEPT`). Leases of live jobs are cleared, since they name
 * processes of the platform that made the rows. Then, after the commit: remembered token checks are
 * forgotten, the blobs only the old rows named are freed, and the restored live jobs are started.
 */
export async function replaceState(
  deps: SnapshotDeps,
  rows: ReadonlyMap<string, string>,
  /** Told the moment the rows are committed: what follows may fail, but the state is restored. */
  committed: () => void = () => undefined,
): Promise<void> {
  const { stores } = deps;
  await stopLiveWork(stores, deps.runners);
  let before: string[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      before = await stores.db.transaction((tx) => replaceRows(tx, stores.db.kind, rows));
      committed();
      break;
    } catch (error) {
      if (!isRetryable(error) || attempt >= RETRIES) throw error;
    }
  }
  stores.revocations.revoked();
  await releaseUnnamed(deps, before);
  await resumeLiveWork(deps.runners);
}

async function replaceRows(tx: Queryable, kind: 'pglite' | 'postgres', rows: ReadonlyMap<string, string>) {
  const tables = await snapshotTables(tx);
  const missing = tables.filter((table) => !rows.has(table.name)).map((table) => table.name);
  const known = new Set(tables.map((table) => table.name));
  const unknown = [...rows.keys()].filter((name) => !known.has(name));
  if (missing.length || unknown.length)
    throw new SnapshotError(
      `The archive does not match this platform's tables` +
        (missing.length ? `; it lacks ${missing.join(', ')}` : '') +
        (unknown.length ? `; it has tables this platform does not: ${unknown.join(', ')}` : '') +
        '.',
    );
  // On a server, writers of other sessions wait for the commit and then see the restored state, rather
  // than slipping rows in between (readers go on seeing the old state until then).
  if (kind === 'postgres')
    await tx.query(`LOCK TABLE ${tables.map((t) => quoted(t.name)).join(', ')} IN EXCLUSIVE MODE`);
  const named = await tx.query<{ id: string }>(NAMED_BLOBS_SQL);
  for (const table of [...tables].reverse())
    if (!KEPT.has(table.name)) await tx.query(`DELETE FROM ${quoted(table.name)}`);
  for (const table of tables) {
    const json = rows.get(table.name)!;
    if (json === '[]') continue;
    const name = quoted(table.name);
    await tx.query(
      `INSERT INTO ${name} SELECT * FROM json_populate_recordset(NULL::${name}, $1::text::json)` +
        (KEPT.has(table.name) ? ' ON CONFLICT DO NOTHING' : ''),
      [json],
    );
  }
  for (const table of ['md_jobs', 'da_workitems', 'wh_deliveries'])
    await tx.query(`UPDATE ${table} SET lease_holder = NULL, lease_expires_at = NULL WHERE lease_holder IS NOT NULL`);
  await advanceSequences(tx);
  return named.map((row) => row.id);
}

/** Frees the blobs that no row names any more; a failure only leaves them to the orphan sweep. */
export async function releaseUnnamed(
  deps: Pick<SnapshotDeps, 'stores' | 'blobs'>,
  ids: readonly string[],
): Promise<void> {
  for (let start = 0; start < ids.length; start += RELEASE_BATCH) {
    const unused = await deps.stores.oss.unreferencedBlobs(ids.slice(start, start + RELEASE_BATCH)).catch(() => []);
    for (const id of unused) await deps.blobs.delete(id).catch(() => undefined);
  }
}
