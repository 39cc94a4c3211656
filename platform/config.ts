import type { Signer } from './services/authentication/signing';
import type { BlobStore } from './storage/blobs/blob-store';
import type { Stores } from './storage/stores';
import type { WorkitemEngine } from './automation/engine-types';
import type { Translator } from './translation/engine-types';
import type { Clock } from './clock';

/**
 * Requests per minute, per app, that each rate-limited operation allows; 0 turns a limit off.
 * The defaults are the published ones: spec part 8 and the Authentication v2 reference.
 */
export interface RateLimits {
  authorize: number;
  token: number;
  revoke: number;
  introspect: number;
  logout: number;
  'data-management': number;
  oss: number;
  /** Design Automation: every route but the workitem status read. */
  'design-automation': number;
  /** Design Automation's `GET /workitems/{id}`, which has a budget of its own. */
  'design-automation-status': number;
  /** Webhooks: reads, PATCH and DELETE of hooks. */
  webhooks: number;
  /** Webhooks: the two creates and the secret token calls, which have a smaller budget. */
  'webhooks-create': number;
}

export const SPEC_RATE_LIMITS: Readonly<RateLimits> = {
  authorize: 100,
  token: 500,
  revoke: 100,
  introspect: 500,
  logout: 500,
  'data-management': 100,
  oss: 500,
  'design-automation': 100,
  'design-automation-status': 150,
  webhooks: 300,
  'webhooks-create': 50,
};

export const NO_RATE_LIMITS: Readonly<RateLimits> = {
  authorize: 0,
  token: 0,
  revoke: 0,
  introspect: 0,
  logout: 0,
  'data-management': 0,
  oss: 0,
  'design-automation': 0,
  'design-automation-status': 0,
  webhooks: 0,
  'webhooks-create': 0,
};

export interface PlatformConfig {
  /** The platform's own base URL, e.g. `http://127.0.0.1:8080`: the tokens' issuer. */
  issuer: string;
  /** Origins of the web apps that may call the platform from a browser (CORS). */
  appOrigins: string[];
  /** Lifetime of access tokens in seconds (APS: one hour). */
  accessTokenTtlSeconds: number;
  /** Per-minute limits; read when the app is built. */
  rateLimits: RateLimits;
  /** The window every limit counts in: 60 s, as published, unless a test shortens it (`--rate-limit-window`). */
  rateLimitWindowSeconds?: number;
  /** OSS size limits; tests lower them. Defaults in services/oss/limits.ts. */
  ossLimits?: Partial<OssLimits>;
  /** Model Derivative: pending and running jobs an app may have at once (spec part 8: 20). */
  modelDerivative?: { concurrentJobsPerApp?: number };
  /** Design Automation: which hosts a workitem's inputs, outputs and callbacks may reach. */
  automation?: AutomationConfig;
  /** Webhooks: how callbacks are delivered (their hosts follow `automation.allowHosts`). */
  webhooks?: WebhookDeliveryConfig;
}

export interface WebhookDeliveryConfig {
  /** Seconds between a failed attempt and the next (`serve --webhook-retry-delays`); default the cloud's. */
  retryDelaysSeconds?: number[];
  /** How long a receiver has to answer (the cloud: 7 s). */
  timeoutMs?: number;
}

export interface AutomationConfig {
  /**
   * Host names (or `host:port`) besides the loopback ones and the platform's own that a workitem may
   * fetch from, upload to and call back; `*` allows any.
   */
  allowHosts?: string[];
}

export interface OssLimits {
  /** Largest part accepted on a signed upload URL (S3's own cap: 5 GiB). */
  maxPartBytes: number;
  /** Smallest part but the last when completing (S3 and OSS: 5 MiB). */
  minPartBytes: number;
  /** Largest body of a direct `PUT …/objects/{objectKey}`. */
  maxPutBytes: number;
}

export { systemClock, type Clock } from './clock';

/** What `createApp` is built from; tests pass their own. */
export interface AppDeps {
  config: PlatformConfig;
  stores: Stores;
  signer: Signer;
  clock: Clock;
  /** Object bytes (OSS); metadata stays in `stores`. */
  blobs: BlobStore;
  /** Runs Model Derivative jobs: the worker pool in `serve`, a controllable fake in tests. */
  translator: Translator;
  /** Runs Design Automation workitems: the sandboxed engines in `serve`, a controllable fake in tests. */
  automation: WorkitemEngine;
  /** Where jobs keep their temporary files (a folder per job, removed when it ends). */
  workDir: string;
  /**
   * How this process takes part in running translation jobs and workitems: the lease it claims them
   * with, and `runsJobs: false` when `platform worker` processes run them instead (`serve --jobs queue`).
   */
  jobQueue?: { lease?: { holder?: string; seconds?: number }; runsJobs?: boolean } | undefined;
}

export const DEFAULT_TOKEN_TTL_SECONDS = 3600;
export const ID_TOKEN_TTL_SECONDS = 3600;
export const AUTH_CODE_TTL_SECONDS = 5 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 15 * 24 * 3600;
export const AUTH_REQUEST_TTL_SECONDS = 15 * 60;
export const BROWSER_SESSION_TTL_SECONDS = 12 * 3600;
