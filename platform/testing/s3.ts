import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3BlobStoreOptions } from '../storage/blobs/s3-blob-store';

export interface TestS3 {
  /** How a platform reaches the bucket, as `openS3BlobStore` takes it. */
  options: S3BlobStoreOptions;
  /** The same as `serve` flags, with the credentials in `env`. */
  flags: string[];
  env: Record<string, string>;
  close(): Promise<void>;
}

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** s3rver, an S3-compatible server, in this process on a free port, with one empty bucket in a temp directory. */
export async function startS3(bucket = 'ddm-blobs'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'ddm-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    options: {
      bucket,
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      prefix: 'blobs/',
      credentials: CREDENTIALS,
    },
    flags: [
      '--s3-bucket',
      bucket,
      '--s3-endpoint',
      endpoint,
      '--s3-region',
      'us-east-1',
      '--s3-path-style',
      '--s3-prefix',
      'blobs/',
    ],
    env: { AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
