import { DEFAULT_TOKEN_TTL_SECONDS, NO_RATE_LIMITS, SPEC_RATE_LIMITS, type RateLimits } from '../config';
import { list, parse, port, positiveInt, url, UsageError } from './args';
import { FaultRuleError, parseFaultFlag, type FaultRuleSpec } from '../faults/rules';
import { BLOB_FLAGS, parseBlobOptions, type BlobOptions } from './blob-options';

export interface ServeOptions {
  port: number;
  host: string;
  dataDir: string | undefined;
  appOrigins: string[];
  publicUrl: string | undefined;
  tokenTtlSeconds: number;
  rateLimits: RateLimits;
  /** The window every rate limit counts in, in seconds (60 as published); tests shorten it. */
  rateLimitWindowSeconds: number;
  /** Model Derivative's worker pool: processes, and each job's time and memory limits. */
  translation: { workers: number; timeoutSeconds: number; memoryMb: number };
  /** Design Automation: workitems run at once, and the hosts besides loopback and the platform a workitem may reach. */
  automation: { workers: number; allowHosts: string[] };
  /** in-process: this process runs the jobs (one machine); queue: `platform worker` processes claim them. */
  jobs: 'in-process' | 'queue';
  /** Webhooks: seconds between a failed callback attempt and the next (`--webhook-retry-delays`); undefined: the cloud's schedule. */
  webhookRetryDelaysSeconds: number[] | undefined;
  /** Seconds a claimed job stays its runner's without a renewal. */
  jobLeaseSeconds: number;
  /** text: the platform's messages as lines (default); json: one JSON object a line, with a line per request. */
  log: 'text' | 'json';
  /** Seconds a stop waits for requests under way before it closes their connections. */
  drainTimeoutSeconds: number;
  /** Where object bytes live: the data directory, or an S3-compatible bucket. */
  blobs: BlobOptions;
  /** ahead: translation workers start and warm with the platform; on-demand: at the first job. */
  workersStart: 'ahead' | 'on-demand';
  /** The embedded database's shared buffers in MB: memory held at rest against reads from the file cache. */
  dbBufferMb: number;
  /** The local admin API under /_platform (faults, requests, snapshots); auto: on when only loopback reaches it. */
  adminApi: 'auto' | 'on' | 'off';
  /** Fault rules in force from the start (`--fault`, repeatable). */
  faults: FaultRuleSpec[];
  /** A seed file applied at start (`--seed`): users, apps, hubs, projects, files, buckets, translations. */
  seed: string | undefined;
}

export function parseServeOptions(args: string[]): ServeOptions {
  const flags = parse(args, {
    port: { type: 'string' },
    host: { type: 'string' },
    'data-dir': { type: 'string' },
    'app-origin': { type: 'string', multiple: true },
    'public-url': { type: 'string' },
    'token-ttl': { type: 'string' },
    'rate-limits': { type: 'string' },
    'rate-limit': { type: 'string', multiple: true },
    'rate-limit-window': { type: 'string' },
    'translation-workers': { type: 'string' },
    'job-timeout': { type: 'string' },
    'job-memory': { type: 'string' },
    'automation-workers': { type: 'string' },
    'automation-allow-host': { type: 'string', multiple: true },
    'webhook-retry-delays': { type: 'string' },
    jobs: { type: 'string' },
    log: { type: 'string' },
    'drain-timeout': { type: 'string' },
    'job-lease': { type: 'string' },
    'workers-start': { type: 'string' },
    'db-buffers': { type: 'string' },
    'admin-api': { type: 'string' },
    fault: { type: 'string', multiple: true },
    seed: { type: 'string' },
    ...BLOB_FLAGS,
  });
  const jobs = flags.jobs ?? 'in-process';
  if (jobs !== 'in-process' && jobs !== 'queue')
    throw new UsageError(`--jobs must be in-process or queue, not "${jobs}".`);
  if (jobs === 'queue' && !process.env['DATABASE_URL'])
    throw new UsageError('--jobs queue needs DATABASE_URL: workers take the jobs from a PostgreSQL server.');
  const publicUrl = flags['public-url'];
  return {
    port: port(flags.port, 8080),
    host: flags.host ?? '127.0.0.1',
    dataDir: flags['data-dir'],
    appOrigins: list(flags['app-origin']).map((value) => url(value, '--app-origin', true)),
    publicUrl: publicUrl === undefined ? undefined : url(publicUrl, '--public-url', true),
    tokenTtlSeconds: positiveInt(flags['token-ttl'], '--token-ttl', DEFAULT_TOKEN_TTL_SECONDS),
    rateLimits: parseRateLimits(flags['rate-limits'], list(flags['rate-limit'])),
    rateLimitWindowSeconds: positiveInt(flags['rate-limit-window'], '--rate-limit-window', 60),
    translation: {
      workers: positiveInt(flags['translation-workers'], '--translation-workers', 2),
      timeoutSeconds: positiveInt(flags['job-timeout'], '--job-timeout', 600),
      memoryMb: positiveInt(flags['job-memory'], '--job-memory', 2048),
    },
    automation: {
      workers: positiveInt(flags['automation-workers'], '--automation-workers', 2),
      allowHosts: list(flags['automation-allow-host']).map(allowedHost),
    },
    webhookRetryDelaysSeconds: retryDelays(flags['webhook-retry-delays']),
    jobs,
    log: logFormat(flags.log),
    drainTimeoutSeconds: positiveInt(flags['drain-timeout'], '--drain-timeout', 30),
    jobLeaseSeconds: positiveInt(flags['job-lease'], '--job-lease', 30),
    blobs: parseBlobOptions(flags),
    workersStart: oneOf(flags['workers-start'], '--workers-start', ['ahead', 'on-demand'] as const),
    dbBufferMb: positiveInt(flags['db-buffers'], '--db-buffers', 128),
    adminApi: oneOf(flags['admin-api'], '--admin-api', ['auto', 'on', 'off'] as const),
    faults: list(flags.fault).map(faultFlag),
    seed: flags.seed,
  };
}

function faultFlag(text: string): FaultRuleSpec {
  try {
    return parseFaultFlag(text);
  } catch (error) {
    if (error instanceof FaultRuleError) throw new UsageError(`--fault "${text}": ${error.message}`);
    throw error;
  }
}

/** A flag that takes one of a few words; the first is the default. */
function oneOf<const T extends string>(value: string | undefined, flag: string, words: readonly [T, ...T[]]): T {
  if (value === undefined) return words[0];
  if ((words as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${flag} must be ${words.slice(0, -1).join(', ')} or ${words.at(-1)}, not "${value}".`);
}

function logFormat(value: string | undefined): 'text' | 'json' {
  if (value === undefined || value === 'text' || value === 'json') return value ?? 'text';
  throw new UsageError(`--log must be text or json, not "${value}".`);
}

const MAX_RETRIES = 20;

/** `SECONDS,SECONDS,…` (whole seconds, 0 or more, each the wait before one more attempt) or `none`: one attempt only. */
export function retryDelays(value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === 'none') return [];
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length > MAX_RETRIES || !parts.every((part) => /^\d{1,7}$/.test(part)))
    throw new UsageError(
      `--webhook-retry-delays must be up to ${MAX_RETRIES} whole numbers of seconds separated by commas (e.g. 1,5,30), or none; not "${value}".`,
    );
  return parts.map(Number);
}

/** `HOST`, `HOST:PORT` or `*`; an IPv6 address in brackets. */
export function allowedHost(value: string): string {
  const host = value.trim().toLowerCase();
  if (host === '*' || /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/.test(host)) return host;
  throw new UsageError(`--automation-allow-host must be a host name, HOST:PORT or *, not "${value}".`);
}

const LIMIT_NAMES = Object.keys(SPEC_RATE_LIMITS) as (keyof RateLimits)[];

/** `--rate-limits spec|off` picks the base; each `--rate-limit NAME=N|off` then overrides one limit. */
export function parseRateLimits(base: string | undefined, overrides: string[]): RateLimits {
  if (base !== undefined && base !== 'spec' && base !== 'off') {
    throw new UsageError(`--rate-limits must be spec or off, not "${base}".`);
  }
  const limits: RateLimits = { ...(base === 'off' ? NO_RATE_LIMITS : SPEC_RATE_LIMITS) };
  for (const override of overrides) {
    const match = /^([a-z-]+)=(\d+|off)$/.exec(override);
    const name = match?.[1] as keyof RateLimits | undefined;
    if (!match || !name || !LIMIT_NAMES.includes(name)) {
      throw new UsageError(
        `--rate-limit must be NAME=N or NAME=off with NAME one of ${LIMIT_NAMES.join(', ')}; not "${override}".`,
      );
    }
    limits[name] = match[2] === 'off' ? 0 : Number(match[2]);
  }
  return limits;
}
