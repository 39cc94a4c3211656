import { BLOB_TABLES, renameBlobs, type Row } from './catalogue';
import { captureState, type Baseline, type SnapshotDeps } from './capture';
import { storeLostBlobs } from './held-blobs';
import { replaceState } from './restore';

/**
 * The baseline on a PostgreSQL server: the rows kept in memory as JSON, and `reset()` the restore of
 * an import (restore.ts), every table emptied and filled in one transaction. Its blobs are held
 * aside (hard links in `scratchDir`, or copies): a blob the store no longer has (a seeded object
 * deleted since) is stored again from the held file, under a new id the rows are renamed to.
 */
export async function serverBaseline(deps: SnapshotDeps): Promise<Baseline> {
  const captured = await captureState(deps);
  // Only the rows that name blobs are parsed, to be renamed; the others are inserted as they were read.
  const parsed = new Map(
    captured.tables
      .filter((table) => BLOB_TABLES.has(table.name))
      .map((table) => [table.name, table.lines.map((line) => JSON.parse(line) as Row)]),
  );
  /** The baseline's blob ids that had to be stored again, and their ids now. */
  const renamed = new Map<string, string>();
  const rowsToInsert = () =>
    new Map(
      captured.tables.map((table) => {
        const rows = parsed.get(table.name);
        const json =
          rows && renamed.size ? JSON.stringify(renameBlobs(table.name, rows, renamed)) : `[${table.lines.join(',')}]`;
        return [table.name, json];
      }),
    );
  let rows = rowsToInsert();

  /** Stores again each held blob the store lost; whether any was. */
  const restoreLostBlobs = async () => {
    const lost = (await storeLostBlobs(deps.blobs, captured.blobs, renamed)).size > 0;
    if (lost) rows = rowsToInsert();
    return lost;
  };

  return {
    async reset() {
      await restoreLostBlobs();
      await replaceState(deps, rows);
      // A request freeing a baseline blob at the very moment of the commit (it checked the blob was
      // unnamed just before) deletes it after: store it again and restore once more.
      for (let attempt = 0; attempt < 3 && (await restoreLostBlobs()); attempt++) await replaceState(deps, rows);
    },
    dispose: () => captured.release(),
  };
}
