import { createReadStream } from 'node:fs';
import type { BlobStore } from '../storage/blobs/blob-store';
import type { HeldBlob } from './capture';

/** Whether the store still has the blob: its first byte (or, when empty, its opening) can be read. */
async function present(blobs: BlobStore, id: string, size: number): Promise<boolean> {
  const reader = blobs.read(id, 0, size > 0 ? 0 : -1);
  try {
    await reader.next();
    return true;
  } catch {
    return false;
  } finally {
    await reader.return(undefined).catch(() => undefined);
  }
}

/** The held blobs the store no longer has. */
export async function missingBlobs(
  blobs: BlobStore,
  held: readonly HeldBlob[],
  renamed: ReadonlyMap<string, string>,
): Promise<HeldBlob[]> {
  const missing: HeldBlob[] = [];
  for (const blob of held) if (!(await present(blobs, renamed.get(blob.id) ?? blob.id, blob.size))) missing.push(blob);
  return missing;
}

/**
 * Stores again, from its held file, each baseline blob the store no longer has (an object deleted
 * since), under a new id recorded in `renamed` (baseline id → id now). Returns the ids it changed.
 */
export async function storeLostBlobs(
  blobs: BlobStore,
  held: readonly HeldBlob[],
  renamed: Map<string, string>,
): Promise<Map<string, string>> {
  const changed = new Map<string, string>();
  for (const blob of await missingBlobs(blobs, held, renamed)) {
    const now = renamed.get(blob.id) ?? blob.id;
    const stored = await blobs.writeUnhashed(createReadStream(blob.path), {
      maxBytes: blob.size,
      expectedBytes: blob.size,
    });
    renamed.set(blob.id, stored.id);
    changed.set(now, stored.id);
  }
  return changed;
}
