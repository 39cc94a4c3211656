import { ossError } from '../../http/errors';
import type { BucketRecord } from '../../storage/repos/oss';
import type { ObjectRecord } from '../../storage/repos/oss-objects';
import type { BlobBody } from '../../storage/blobs/blob-store';
import { releaseBlobs } from './blob-release';
import { bareTag, writeBody } from './blob-write';
import type { OssContext } from './context';
import { checkObjectKey, newObjectRecord, type ObjectMetadata } from './objects';

export interface DirectUpload {
  body: BlobBody | null;
  contentLength: number | undefined;
  /** `If-Match`: the SHA-1 the object must have now for the upload to replace it (412 otherwise). */
  ifMatch: string | undefined;
  /** `x-ads-content-sha1`: what the sender says the bytes hash to; a mismatch keeps nothing. */
  expectedSha1: string | undefined;
  meta: ObjectMetadata;
  /** Runs once the bytes are durable, before the object appears; throwing keeps nothing (a single-use URL spends itself here). */
  beforeCommit?: (() => Promise<void>) | undefined;
}

/**
 * `PUT …/objects/{objectKey}`: the body streams to a new blob (never held in memory), and the object
 * appears, or replaces the old one, in one transaction once the bytes are durable.
 */
export async function putObject(
  oss: OssContext,
  bucket: BucketRecord,
  objectKey: string,
  upload: DirectUpload,
): Promise<ObjectRecord> {
  checkObjectKey(objectKey);
  if (upload.ifMatch !== undefined) {
    const current = await oss.stores.oss.findObject(bucket.bucketKey, objectKey, oss.clock.now());
    if (!current || (upload.ifMatch.trim() !== '*' && bareTag(upload.ifMatch) !== current.sha1)) {
      throw ossError(412, 'If-Match does not match the SHA-1 of the object.');
    }
  }
  const written = await writeBody(oss, upload.body, {
    maxBytes: oss.limits.maxPutBytes,
    expectedBytes: upload.contentLength,
  });
  const { sha1 } = written;
  if (upload.expectedSha1 !== undefined && bareTag(upload.expectedSha1) !== sha1) {
    await releaseBlobs(oss, [written.id]);
    throw ossError(400, `x-ads-content-sha1 does not match the SHA-1 of the bytes received (${sha1}).`);
  }
  try {
    await upload.beforeCommit?.();
  } catch (error) {
    await releaseBlobs(oss, [written.id]);
    throw error;
  }
  const object = newObjectRecord(bucket, objectKey, { size: written.size, sha1 }, upload.meta, oss.clock.now());
  let freed: string[];
  try {
    freed = await oss.stores.oss.putObject(object, [{ blobId: written.id, size: written.size }]);
  } catch (error) {
    await releaseBlobs(oss, [written.id]);
    if (!(await oss.stores.oss.findBucket(bucket.bucketKey))) throw ossError(404, 'Bucket not found');
    throw error;
  }
  await releaseBlobs(oss, freed);
  return object;
}
