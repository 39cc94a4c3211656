import type { OssContext } from './context';

/**
 * Deletes, of the blobs an operation let go, those nothing refers to any more (a copy may share
 * them). Runs after the metadata commit, so a crash in between only leaves orphans for the sweep.
 */
export async function releaseBlobs(
  oss: Pick<OssContext, 'stores' | 'blobs'>,
  blobIds: readonly string[],
): Promise<number> {
  if (!blobIds.length) return 0;
  try {
    const unused = await oss.stores.oss.unreferencedBlobs(blobIds);
    for (const id of unused) await oss.blobs.delete(id);
    return unused.length;
  } catch {
    // The request has already succeeded; the orphan sweep removes what is left.
    return 0;
  }
}
