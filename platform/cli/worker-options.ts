import { parse, positiveInt, UsageError } from './args';
import { BLOB_FLAGS, parseBlobOptions, type BlobOptions } from './blob-options';

export interface WorkerOptions {
  dataDir: string | undefined;
  /** Translation processes this worker runs at once: the jobs it claims at most. */
  translation: { workers: number; timeoutSeconds: number; memoryMb: number };
  /** Seconds a claimed job stays this worker's without a renewal. */
  leaseSeconds: number;
  blobs: BlobOptions;
}

/** A worker needs what every instance shares: the database server and the S3-compatible store. */
export function parseWorkerOptions(args: string[], env: NodeJS.ProcessEnv = process.env): WorkerOptions {
  const flags = parse(args, {
    'data-dir': { type: 'string' },
    'translation-workers': { type: 'string' },
    'job-timeout': { type: 'string' },
    'job-memory': { type: 'string' },
    'job-lease': { type: 'string' },
    ...BLOB_FLAGS,
  });
  const blobs = parseBlobOptions(flags, env);
  if (!env['DATABASE_URL']) throw new UsageError('platform worker needs DATABASE_URL: it takes its jobs from the PostgreSQL server the serve instances use.');
  if (blobs.kind !== 's3') throw new UsageError('platform worker needs --s3-bucket (or S3_BUCKET): it reads sources and writes results in the store the serve instances use.');
  return {
    dataDir: flags['data-dir'],
    translation: {
      workers: positiveInt(flags['translation-workers'], '--translation-workers', 2),
      timeoutSeconds: positiveInt(flags['job-timeout'], '--job-timeout', 600),
      memoryMb: positiveInt(flags['job-memory'], '--job-memory', 2048),
    },
    leaseSeconds: positiveInt(flags['job-lease'], '--job-lease', 30),
    blobs,
  };
}
