import { list, parse, positiveInt, UsageError, url } from './args';
import { BLOB_FLAGS, parseBlobOptions, type BlobOptions } from './blob-options';
import { allowedHost } from './serve-options';

export interface WorkerOptions {
  dataDir: string | undefined;
  /** Translation processes this worker runs at once: the jobs it claims at most. */
  translation: { workers: number; timeoutSeconds: number; memoryMb: number };
  /**
   * Design Automation workitems this worker runs at once, and where they reach the platform: the
   * address the `serve` instances answer at (their load balancer), which is also the one their
   * report and output URLs name.
   */
  automation: { workers: number; allowHosts: string[]; publicUrl: string };
  /** Seconds a claimed job stays this worker's without a renewal. */
  leaseSeconds: number;
  blobs: BlobOptions;
}

/** A worker needs what every instance shares: the database server and the S3-compatible store. */
export function parseWorkerOptions(args: string[], env: NodeJS.ProcessEnv = process.env): WorkerOptions {
  const flags = parse(args, {
    'data-dir': { type: 'string' },
    'public-url': { type: 'string' },
    'translation-workers': { type: 'string' },
    'job-timeout': { type: 'string' },
    'job-memory': { type: 'string' },
    'automation-workers': { type: 'string' },
    'automation-allow-host': { type: 'string', multiple: true },
    'job-lease': { type: 'string' },
    ...BLOB_FLAGS,
  });
  const blobs = parseBlobOptions(flags, env);
  if (!env['DATABASE_URL'])
    throw new UsageError(
      'platform worker needs DATABASE_URL: it takes its jobs from the PostgreSQL server the serve instances use.',
    );
  if (blobs.kind !== 's3')
    throw new UsageError(
      'platform worker needs --s3-bucket (or S3_BUCKET): it reads sources and writes results in the store the serve instances use.',
    );
  const publicUrl = flags['public-url'];
  if (publicUrl === undefined)
    throw new UsageError(
      'platform worker needs --public-url: the address the serve instances answer at, where Design Automation workitems fetch their inputs and send their outputs.',
    );
  return {
    dataDir: flags['data-dir'],
    translation: {
      workers: positiveInt(flags['translation-workers'], '--translation-workers', 2),
      timeoutSeconds: positiveInt(flags['job-timeout'], '--job-timeout', 600),
      memoryMb: positiveInt(flags['job-memory'], '--job-memory', 2048),
    },
    automation: {
      workers: positiveInt(flags['automation-workers'], '--automation-workers', 2),
      allowHosts: list(flags['automation-allow-host']).map(allowedHost),
      publicUrl: url(publicUrl, '--public-url', true),
    },
    leaseSeconds: positiveInt(flags['job-lease'], '--job-lease', 30),
    blobs,
  };
}
