import type { OssLimits, PlatformConfig } from '../../config';

const MiB = 1024 * 1024;

export const DEFAULT_OSS_LIMITS: Readonly<OssLimits> = {
  maxPartBytes: 5 * 1024 * MiB,
  minPartBytes: 5 * MiB,
  maxPutBytes: 5 * 1024 * MiB,
};

export const ossLimits = (config: PlatformConfig): OssLimits => ({ ...DEFAULT_OSS_LIMITS, ...config.ossLimits });

/** At most this many part URLs per request, as the SDK asks in batches of 25; S3 allows 10 000 parts. */
export const MAX_URLS_PER_REQUEST = 25;
export const MAX_PARTS = 10_000;
/** Signed URLs live 2 minutes unless asked for 1 to 60 (OSS). */
export const DEFAULT_URL_MINUTES = 2;
/** An upload not completed within a day is discarded, as OSS does. */
export const UPLOAD_LIFETIME_SECONDS = 24 * 3600;
export const RETENTION_SECONDS = { transient: 24 * 3600, temporary: 30 * 24 * 3600, persistent: null } as const;
/** JSON bodies (create bucket, complete upload with up to 10 000 eTags) are read only up to this. */
export const MAX_JSON_BYTES = 1024 * 1024;
/** `x-ads-user-defined-metadata` must be a JSON object under 100 bytes (OSS). */
export const MAX_USER_METADATA_BYTES = 100;
