import type { Signer } from './services/authentication/signing';
import type { Stores } from './storage/stores';

export interface PlatformConfig {
  /** The platform's own base URL, e.g. `http://127.0.0.1:8080`: the tokens' issuer. */
  issuer: string;
  /** Origins of the web apps that may call the platform from a browser (CORS). */
  appOrigins: string[];
  /** Lifetime of access tokens in seconds (APS: one hour). */
  accessTokenTtlSeconds: number;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** What `createApp` is built from; tests pass their own. */
export interface AppDeps {
  config: PlatformConfig;
  stores: Stores;
  signer: Signer;
  clock: Clock;
}

export const DEFAULT_TOKEN_TTL_SECONDS = 3600;
export const AUTH_CODE_TTL_SECONDS = 5 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 15 * 24 * 3600;
export const AUTH_REQUEST_TTL_SECONDS = 15 * 60;
export const BROWSER_SESSION_TTL_SECONDS = 12 * 3600;
