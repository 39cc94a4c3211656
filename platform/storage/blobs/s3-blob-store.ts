import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  BLOB_ID,
  BlobLengthError,
  BlobTooLargeError,
  blobCreatedAt,
  newBlobId,
  type BlobBody,
  type BlobClock,
  type BlobStore,
  type BlobWriteOptions,
} from './blob-store';
import { chunksOf } from './body-chunks';

export interface S3BlobStoreOptions {
  bucket: string;
  /** An S3-compatible server's URL (MinIO, Ceph RGW, R2, s3rver); AWS S3 itself when absent. */
  endpoint?: string | undefined;
  region: string;
  /** Addresses the bucket in the path (`endpoint/bucket/key`) rather than the host name, as most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Keys start with this, so one bucket can hold several deployments (or other things). */
  prefix: string;
  /** From the AWS SDK's usual places (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, a role) unless given. */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

// Large bodies go up in parts of this size, a few at once: memory per write stays near PART_BYTES × QUEUE.
const PART_BYTES = 8 * 1024 * 1024;
const QUEUE = 2;
// A multipart upload nobody completed for this long was left by a writer that died.
const ABANDONED_MS = 24 * 3600 * 1000;

/**
 * Blobs as objects in an S3-compatible bucket: streamed up (one PUT when small, multipart when large)
 * and streamed down with ranged GETs. An object appears only when its upload completes, so a blob is
 * whole under its id or absent, like the file store's rename. Checksums are sent only where the API
 * requires them: the SDK's default CRC32 trailers are not understood by every S3-compatible server.
 */
export async function openS3BlobStore(options: S3BlobStoreOptions, clock: BlobClock): Promise<BlobStore> {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  // Fail at start, with the store's own words, rather than on the first upload.
  await client.send(new HeadBucketCommand({ Bucket: options.bucket })).catch((error: unknown) => {
    throw new Error(
      `The S3 bucket "${options.bucket}" cannot be reached${options.endpoint ? ` at ${options.endpoint}` : ''}: ${(error as Error).name} ${(error as Error).message}`,
    );
  });
  const keyOf = (id: string) => {
    if (!BLOB_ID.test(id)) throw new Error(`not a blob id: ${id.slice(0, 40)}`);
    return options.prefix + id;
  };

  async function write(body: BlobBody, writeOptions: BlobWriteOptions, hashed: boolean) {
    const id = newBlobId(clock);
    const hash = hashed ? createHash('sha1') : undefined;
    let size = 0;
    let refusal: Error | undefined;
    async function* checked(): AsyncGenerator<Uint8Array> {
      for await (const chunk of chunksOf(body)) {
        size += chunk.byteLength;
        if (size > writeOptions.maxBytes)
          refusal = new BlobTooLargeError(`The body is longer than ${writeOptions.maxBytes} bytes.`);
        else if (writeOptions.expectedBytes !== undefined && size > writeOptions.expectedBytes)
          refusal = new BlobLengthError('The body is longer than its Content-Length.');
        if (refusal) throw refusal;
        hash?.update(chunk);
        writeOptions.onChunk?.(chunk);
        yield chunk;
      }
      if (writeOptions.expectedBytes !== undefined && size !== writeOptions.expectedBytes)
        throw (refusal = new BlobLengthError('The body is shorter than its Content-Length.'));
    }
    const upload = new Upload({
      client,
      params: { Bucket: options.bucket, Key: keyOf(id), Body: Readable.from(checked(), { objectMode: false }) },
      partSize: PART_BYTES,
      queueSize: QUEUE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      throw refusal ?? error;
    }
    return { id, size, sha1: hash?.digest('hex') ?? '' };
  }

  async function* read(id: string, start: number, end: number): AsyncGenerator<Uint8Array> {
    const answer = await client.send(
      new GetObjectCommand({ Bucket: options.bucket, Key: keyOf(id), Range: `bytes=${start}-${end}` }),
    );
    const stream = answer.Body as Readable;
    let received = 0;
    try {
      for await (const chunk of stream) {
        received += (chunk as Uint8Array).byteLength;
        yield chunk as Uint8Array;
      }
    } finally {
      stream.destroy();
    }
    if (received !== end - start + 1) throw new Error(`blob ${id} is shorter than expected`);
  }

  return {
    write: (body, writeOptions) => write(body, writeOptions, true),
    writeUnhashed: async (body, writeOptions) => {
      const { id, size } = await write(body, writeOptions, false);
      return { id, size };
    },
    read,
    linkInto: () => Promise.resolve(false),
    async delete(id) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: keyOf(id) }));
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: options.bucket, Prefix: options.prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const id = (object.Key ?? '').slice(options.prefix.length);
          if (BLOB_ID.test(id)) yield { id, createdAt: blobCreatedAt(id) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async sweepTemporary() {
      // Other instances write to the same bucket: only uploads abandoned long ago are aborted.
      const cutoff = clock.now().getTime() - ABANDONED_MS;
      let removed = 0;
      try {
        const listed = await client.send(
          new ListMultipartUploadsCommand({ Bucket: options.bucket, Prefix: options.prefix }),
        );
        for (const upload of listed.Uploads ?? []) {
          if (!upload.Initiated || upload.Initiated.getTime() > cutoff) continue;
          await client.send(
            new AbortMultipartUploadCommand({ Bucket: options.bucket, Key: upload.Key, UploadId: upload.UploadId }),
          );
          removed++;
        }
      } catch (error) {
        // Some S3-compatible servers (s3rver) do not list uploads; a bucket lifecycle rule then cleans up.
        if ((error as Error).name !== 'NotImplemented') throw error;
      }
      return removed;
    },
  };
}
