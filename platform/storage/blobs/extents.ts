import { createHash } from 'node:crypto';
import type { BlobReadHow, BlobStore } from './blob-store';

/** One piece of a stored object: a blob and its length, in the object's order. */
export interface Extent {
  blobId: string;
  size: number;
}

/**
 * Reads that are hashed whole go in 1 MiB steps rather than a download's 256 KiB: during an upload
 * each step waits its turn in libuv's four threads behind the writes of the parts still arriving,
 * and a quarter as many turns had 1 GiB uploads from curl finish about a tenth sooner, at the same
 * CPU (measured interleaved with the 256 KiB steps). 4 MiB steps cost more CPU and gained nothing.
 */
export const HASH_READ_BYTES = 1024 * 1024;
/** A read that is hashed and let go: each chunk is hashed before the next is read, and nothing is kept. */
export const HASH_READ: BlobReadHow = { chunkBytes: HASH_READ_BYTES, passing: true };

/** Bytes `start` to `end` inclusive of the object made of `extents`, blob after blob. */
export async function* readExtents(
  blobs: BlobStore,
  extents: readonly Extent[],
  start: number,
  end: number,
  how?: BlobReadHow,
): AsyncGenerator<Uint8Array> {
  let offset = 0;
  for (const extent of extents) {
    const first = offset;
    const last = offset + extent.size - 1;
    offset += extent.size;
    if (extent.size === 0 || last < start) continue;
    if (first > end) return;
    yield* blobs.read(extent.blobId, Math.max(start, first) - first, Math.min(end, last) - first, how);
  }
}

/** SHA-1 (hex) of the whole object, for uploads whose parts could not be hashed as they arrived. */
export async function hashExtents(blobs: BlobStore, extents: readonly Extent[]): Promise<string> {
  const hash = createHash('sha1');
  const total = extents.reduce((sum, extent) => sum + extent.size, 0);
  if (total > 0) for await (const chunk of readExtents(blobs, extents, 0, total - 1, HASH_READ)) hash.update(chunk);
  return hash.digest('hex');
}

/** A web stream over an async generator that stops reading (and closes files) when cancelled. */
export function toWebStream(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next: IteratorResult<Uint8Array> = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
