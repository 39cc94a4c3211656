import { renameBlobs } from './catalogue';
import type { SnapshotDeps } from './capture';
import { readArchive, type ArchiveSource } from './read-archive';
import { replaceState } from './restore';

export interface ImportSummary {
  createdAt: string;
  tables: number;
  rows: number;
  blobs: number;
}

/**
 * Replaces the whole state with an archive's, all or nothing. The archive is read and checked to its
 * end first, its blobs stored under new ids (harmless: nothing names them yet), then the rows are
 * replaced in one transaction with the blob ids renamed. A refusal (`SnapshotError`) or a failed
 * transaction deletes the blobs it stored and leaves everything as it was; after the commit the
 * blobs only the old rows named are freed.
 */
export async function importState(deps: SnapshotDeps, archive: ArchiveSource): Promise<ImportSummary> {
  const written: string[] = [];
  let committed = false;
  try {
    const { manifest, tables, renamed } = await readArchive(archive, deps.blobs, written);
    const rows = new Map(
      tables.map((table) => [table.name, JSON.stringify(renameBlobs(table.name, table.rows, renamed))]),
    );
    await replaceState(deps, rows, () => (committed = true));
    return {
      createdAt: manifest.createdAt,
      tables: tables.length,
      rows: tables.reduce((total, table) => total + table.rows.length, 0),
      blobs: renamed.size,
    };
  } catch (error) {
    if (!committed) for (const id of written) await deps.blobs.delete(id).catch(() => undefined);
    throw error;
  }
}
