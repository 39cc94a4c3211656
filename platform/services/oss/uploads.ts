import type { CompleteS3UploadBody, SignedS3UploadResponse } from '../../../contracts/oss';
import { ossError } from '../../http/errors';
import { hashExtents } from '../../storage/blobs/extents';
import { newSecret } from '../../storage/ids';
import type { BucketRecord } from '../../storage/repos/oss';
import type { ObjectRecord } from '../../storage/repos/oss-objects';
import type { UploadRecord } from '../../storage/repos/oss-uploads';
import type { BlobBody } from '../../storage/blobs/blob-store';
import { releaseBlobs } from './blob-release';
import { bareTag, writeBody } from './blob-write';
import type { OssContext } from './context';
import { MAX_PARTS, UPLOAD_LIFETIME_SECONDS } from './limits';
import { checkObjectKey, newObjectRecord, type ObjectMetadata } from './objects';
import { checkParts, parseCompleteBody } from './upload-checks';

export const partPath = (uploadKey: string, partNumber: number) =>
  `/oss/v2/signed/uploads/${uploadKey}/parts/${partNumber}`;
export const partFields = (uploadKey: string, partNumber: number) => ['upload-part', uploadKey, String(partNumber)];

const UNKNOWN_UPLOAD = 'The uploadKey is unknown for this object, has expired or was already completed.';

async function uploadFor(
  oss: OssContext,
  uploadKey: string,
  bucket: BucketRecord,
  objectKey: string,
): Promise<UploadRecord> {
  const upload = await oss.stores.oss.findUpload(uploadKey, oss.clock.now());
  if (!upload || upload.bucketKey !== bucket.bucketKey || upload.objectKey !== objectKey)
    throw ossError(400, UNKNOWN_UPLOAD);
  return upload;
}

/**
 * `GET …/signeds3upload`: starts an upload, or with its `uploadKey` resumes one, and signs one URL
 * per part asked for. The URLs point at this platform and need no token, like S3's.
 */
export async function signUpload(
  oss: OssContext,
  bucket: BucketRecord,
  objectKey: string,
  request: { parts: number; firstPart: number; uploadKey: string | undefined; minutes: number },
): Promise<SignedS3UploadResponse> {
  checkObjectKey(objectKey);
  if (request.firstPart + request.parts - 1 > MAX_PARTS)
    throw ossError(400, `An upload has at most ${MAX_PARTS} parts.`);
  const now = oss.clock.now();
  let upload: UploadRecord;
  if (request.uploadKey !== undefined) upload = await uploadFor(oss, request.uploadKey, bucket, objectKey);
  else {
    upload = {
      uploadKey: newSecret(),
      bucketKey: bucket.bucketKey,
      objectKey,
      createdAt: now,
      expiresAt: new Date(now.getTime() + UPLOAD_LIFETIME_SECONDS * 1000),
    };
    await oss.stores.oss.createUpload(upload);
  }
  const expires = Math.floor(now.getTime() / 1000) + request.minutes * 60;
  const signer = await oss.signer();
  const urls = Array.from({ length: request.parts }, (_, index) => {
    const partNumber = request.firstPart + index;
    return signer.url(
      oss.base(),
      partPath(upload.uploadKey, partNumber),
      partFields(upload.uploadKey, partNumber),
      expires,
    );
  });
  return {
    uploadKey: upload.uploadKey,
    urls,
    urlExpiration: new Date(expires * 1000).toISOString(),
    uploadExpiration: upload.expiresAt.toISOString(),
  };
}

/** A part's bytes on its signed URL: streamed to a blob, then recorded (replacing an earlier try). Returns its ETag. */
export async function putPart(
  oss: OssContext,
  uploadKey: string,
  partNumber: number,
  body: BlobBody | null,
  length: number | undefined,
): Promise<string> {
  if (!(await oss.stores.oss.findUpload(uploadKey, oss.clock.now())))
    throw ossError(404, 'No such upload: it has expired or was completed.');
  const tap = oss.hashes.partStarting(uploadKey, partNumber);
  try {
    // The part's bytes are hashed once, into its object's SHA-1 (here, or later from the page cache).
    const written = await writeBody(
      oss,
      body,
      { maxBytes: oss.limits.maxPartBytes, expectedBytes: length, onChunk: tap && ((chunk) => tap.update(chunk)) },
      false,
    );
    const { stored, freed } = await oss.stores.oss.putPart(uploadKey, partNumber, written, oss.clock.now());
    await releaseBlobs(oss, freed);
    if (!stored) throw ossError(404, 'No such upload: it expired while the part was being sent.');
    oss.hashes.partStored(uploadKey, partNumber, { blobId: written.id, size: written.size }, tap);
    return `"${written.id}"`;
  } catch (error) {
    oss.hashes.partFailed(tap);
    throw error;
  }
}

/**
 * `POST …/signeds3upload`: checks the parts (none missing, in order, all but the last at least the
 * minimum size, and the optional eTags and size), then makes the object appear in one transaction.
 */
export async function completeUpload(
  oss: OssContext,
  bucket: BucketRecord,
  objectKey: string,
  raw: Record<string, unknown>,
  meta: ObjectMetadata,
): Promise<ObjectRecord> {
  checkObjectKey(objectKey);
  const body: CompleteS3UploadBody = parseCompleteBody(raw);
  const upload = await uploadFor(oss, body.uploadKey, bucket, objectKey);
  const parts = await oss.stores.oss.listParts(upload.uploadKey);
  checkParts(parts, oss.limits.minPartBytes, body.size, body.eTags?.map(bareTag));
  const extents = parts.map((part) => ({ blobId: part.blobId, size: part.size }));
  const sha1 = (await oss.hashes.digest(upload.uploadKey, extents)) ?? (await hashExtents(oss.blobs, extents));
  const size = extents.reduce((sum, extent) => sum + extent.size, 0);
  const object = newObjectRecord(bucket, objectKey, { size, sha1 }, meta, oss.clock.now());
  const outcome = await oss.stores.oss.completeUpload(upload.uploadKey, extents, object, oss.clock.now());
  if (outcome.status === 'gone') throw ossError(400, UNKNOWN_UPLOAD);
  if (outcome.status === 'changed')
    throw ossError(409, 'A part was sent again while the upload was being completed; complete it again.');
  oss.hashes.forget(upload.uploadKey);
  await releaseBlobs(oss, outcome.freed);
  return object;
}
