import path from 'node:path';
import type { BlobClock, BlobStore } from '../storage/blobs/blob-store';
import { openFileBlobStore } from '../storage/blobs/file-blob-store';
import type { S3BlobStoreOptions } from '../storage/blobs/s3-blob-store';
import { url, UsageError } from './args';

/**
 * Where object bytes live: the data directory's `blobs/` (one machine; `directIo` false keeps every
 * write in the page cache), or an S3-compatible bucket (a team).
 */
export type BlobOptions = { kind: 'file'; directIo: boolean } | ({ kind: 's3' } & S3BlobStoreOptions);

/** The flags every command that touches bytes takes (`serve`, `worker`, `admin demo`). */
export const BLOB_FLAGS = {
  's3-bucket': { type: 'string' },
  's3-endpoint': { type: 'string' },
  's3-region': { type: 'string' },
  's3-path-style': { type: 'boolean' },
  's3-prefix': { type: 'string' },
  'direct-io': { type: 'string' },
} as const;

interface BlobFlagValues {
  's3-bucket'?: string | undefined;
  's3-endpoint'?: string | undefined;
  's3-region'?: string | undefined;
  's3-path-style'?: boolean | undefined;
  's3-prefix'?: string | undefined;
  'direct-io'?: string | undefined;
}

/** A flag wins over its environment variable (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_PATH_STYLE, S3_PREFIX). */
export function parseBlobOptions(flags: BlobFlagValues, env: NodeJS.ProcessEnv = process.env): BlobOptions {
  const bucket = flags['s3-bucket'] ?? (env['S3_BUCKET'] || undefined);
  const endpoint = flags['s3-endpoint'] ?? (env['S3_ENDPOINT'] || undefined);
  const region = flags['s3-region'] ?? (env['S3_REGION'] || undefined);
  const prefix = flags['s3-prefix'] ?? env['S3_PREFIX'] ?? '';
  const pathStyle = flags['s3-path-style'] ?? ['1', 'true'].includes((env['S3_PATH_STYLE'] ?? '').toLowerCase());
  const directIo = flags['direct-io'] ?? 'auto';
  if (directIo !== 'auto' && directIo !== 'off')
    throw new UsageError(`--direct-io must be auto or off, not "${directIo}".`);
  if (bucket === undefined) {
    if (endpoint !== undefined || region !== undefined || prefix || pathStyle)
      throw new UsageError('The S3 settings need --s3-bucket (or S3_BUCKET) to say which bucket holds the bytes.');
    return { kind: 'file', directIo: directIo === 'auto' };
  }
  if (flags['direct-io'] !== undefined)
    throw new UsageError(
      "--direct-io is for the data directory's blobs; with --s3-bucket the bytes are not written there.",
    );
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new UsageError(
      `--s3-bucket must be an S3 bucket name (3-63 lowercase letters, digits, dots and hyphens), not "${bucket}".`,
    );
  if (prefix.startsWith('/')) throw new UsageError(`--s3-prefix must not start with a slash: "${prefix}".`);
  return {
    kind: 's3',
    bucket,
    endpoint: endpoint === undefined ? undefined : url(endpoint, '--s3-endpoint'),
    region: region ?? 'us-east-1',
    forcePathStyle: pathStyle,
    prefix,
  };
}

export async function openBlobs(options: BlobOptions, dataDir: string, clock: BlobClock): Promise<BlobStore> {
  if (options.kind === 'file')
    return openFileBlobStore(path.join(dataDir, 'blobs'), clock, { directIo: options.directIo });
  // The AWS SDK is loaded only by a platform that uses it: one machine's platform starts without it.
  const { openS3BlobStore } = await import('../storage/blobs/s3-blob-store');
  return openS3BlobStore(options, clock);
}
