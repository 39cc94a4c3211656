import type { Context } from 'hono';
import type { ResumableAcceptedBody } from '../../../contracts/oss';
import { ossError } from '../../http/errors';
import { hashExtents } from '../../storage/blobs/extents';
import { newSecret } from '../../storage/ids';
import type { BucketRecord } from '../../storage/repos/oss';
import type { ObjectRecord } from '../../storage/repos/oss-objects';
import type { ChunkOutcome, ResumableSession, SessionKey } from '../../storage/repos/oss-resumable';
import { releaseBlobs } from './blob-release';
import { bareTag, contentLength, metadataFrom, requestBody, writeBody } from './blob-write';
import type { OssContext } from './context';
import { MAX_PARTS, UPLOAD_LIFETIME_SECONDS } from './limits';
import { checkObjectKey, newObjectRecord, type ObjectMetadata } from './objects';
import { contentRangeHeader, coversAll, MIN_CHUNK_BYTES, receivedRanges, sessionIdHeader } from './resumable-headers';
import { serializeObject } from './serializers';

/** 202 with what has arrived: the `Range` header that clients read, and a sentence for people. */
function accepted(c: Context, session: ResumableSession): Response {
  const received = session.chunks.reduce((sum, chunk) => sum + chunk.size, 0);
  const body: ResumableAcceptedBody = { result: `${received} of ${session.total} bytes received.` };
  return c.json(body, 202, { Range: receivedRanges(session.chunks) });
}

function refusal(outcome: Exclude<ChunkOutcome, { status: 'stored' }>) {
  switch (outcome.status) {
    case 'no-bucket':
      return ossError(404, 'Bucket not found');
    case 'total-mismatch':
      return ossError(
        416,
        `This upload session is for an object of ${outcome.total} bytes; the chunk's Content-Range gives another total.`,
      );
    case 'overlap':
      return ossError(
        409,
        `The chunk overlaps bytes ${outcome.with.start}-${outcome.with.end} already received; send each range once (the same range again replaces it).`,
      );
    case 'too-many':
      return ossError(400, `An upload session has at most ${MAX_PARTS} chunks.`);
  }
}

/** The object from a session's chunks, in byte order: they become its extents, so no byte is copied. */
async function complete(
  oss: OssContext,
  bucket: BucketRecord,
  key: SessionKey,
  session: ResumableSession,
  meta: ObjectMetadata,
  beforeComplete: (() => Promise<void>) | undefined,
): Promise<ObjectRecord> {
  const extents = session.chunks.map(({ blobId, size }) => ({ blobId, size }));
  const sha1 = await hashExtents(oss.blobs, extents);
  const object = newObjectRecord(bucket, key.objectKey, { size: session.total, sha1 }, meta, oss.clock.now());
  await beforeComplete?.();
  const outcome = await oss.stores.ossResumable.completeSession(
    key,
    session.uploadKey,
    extents,
    object,
    oss.clock.now(),
  );
  if (outcome.status === 'gone')
    throw ossError(
      404,
      'The upload session ended (it expired or another request completed it) while this chunk was stored.',
    );
  if (outcome.status === 'changed')
    throw ossError(409, 'A chunk was sent again while the upload was being completed; send the last chunk again.');
  await releaseBlobs(oss, outcome.freed);
  return object;
}

/**
 * `PUT …/resumable`: one chunk of a legacy resumable upload, in any order. 202 with the ranges
 * received until the chunks cover the object, then 200 with the object, which has the metadata
 * headers of that last request. `beforeComplete` runs just before the object appears.
 */
export async function receiveChunk(
  oss: OssContext,
  c: Context,
  bucket: BucketRecord,
  objectKey: string,
  beforeComplete?: () => Promise<void>,
): Promise<Response> {
  checkObjectKey(objectKey);
  const sessionId = sessionIdHeader(c.req.header('session-id'));
  const range = contentRangeHeader(c.req.header('content-range'));
  const size = range.end - range.start + 1;
  if (size > oss.limits.maxPartBytes) throw ossError(413, `A chunk has at most ${oss.limits.maxPartBytes} bytes.`);
  if (size < MIN_CHUNK_BYTES && range.end !== range.total - 1) {
    throw ossError(
      400,
      `This chunk has ${size} bytes: every chunk but the one that ends the object needs at least ${MIN_CHUNK_BYTES}.`,
    );
  }
  const declared = contentLength(c.req.header('content-length'));
  if (declared !== undefined && declared !== size)
    throw ossError(400, `Content-Length is ${declared} but Content-Range covers ${size} bytes.`);
  const meta = metadataFrom((name) => c.req.header(name), '');
  const chunkSha1 = c.req.header('x-ads-chunk-sha1');
  const written = await writeBody(oss, requestBody(c), { maxBytes: size, expectedBytes: size });
  if (chunkSha1 !== undefined && bareTag(chunkSha1) !== written.sha1) {
    await releaseBlobs(oss, [written.id]);
    throw ossError(
      400,
      `x-ads-chunk-sha1 does not match the SHA-1 of the chunk received (${written.sha1}); send it again.`,
    );
  }
  const key = { bucketKey: bucket.bucketKey, objectKey, sessionId };
  const now = oss.clock.now();
  const newSession = { uploadKey: newSecret(), expiresAt: new Date(now.getTime() + UPLOAD_LIFETIME_SECONDS * 1000) };
  const outcome = await oss.stores.ossResumable.putChunk(
    key,
    { start: range.start, total: range.total, blob: written, newSession, maxChunks: MAX_PARTS },
    now,
  );
  await releaseBlobs(oss, outcome.freed);
  if (outcome.status !== 'stored') {
    await releaseBlobs(oss, [written.id]);
    throw refusal(outcome);
  }
  if (!coversAll(outcome.session.chunks, outcome.session.total)) return accepted(c, outcome.session);
  const object = await complete(oss, bucket, key, outcome.session, meta, beforeComplete);
  return c.json(serializeObject(oss.base(), object));
}

/** `GET …/status/{sessionId}`: 202 with the `Range` received so far; 404 once the session ended or never began. */
export async function sessionStatus(
  oss: OssContext,
  c: Context,
  bucket: BucketRecord,
  objectKey: string,
  sessionId: string,
): Promise<Response> {
  checkObjectKey(objectKey);
  const session = await oss.stores.ossResumable.session(
    { bucketKey: bucket.bucketKey, objectKey, sessionId: sessionIdHeader(sessionId) },
    oss.clock.now(),
  );
  if (!session) throw ossError(404, 'No such upload session for this object: it never began, expired, or is complete.');
  return accepted(c, session);
}
