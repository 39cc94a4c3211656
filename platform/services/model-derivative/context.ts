import { randomBytes } from 'node:crypto';
import type { AppDeps, Clock } from '../../config';
import type { BlobStore } from '../../storage/blobs/blob-store';
import type { Stores } from '../../storage/stores';
import { PropertyCache } from './property-cache';
import { downloadSignerFrom, type DownloadSigner } from './signing';

/** The spec's limit (part 8): pending and running jobs one app may have at once. */
export const DEFAULT_CONCURRENT_JOBS = 20;

/** What the Model Derivative handlers and domain functions work with, built once per app. */
export interface MdContext {
  stores: Stores;
  blobs: BlobStore;
  clock: Clock;
  maxJobsPerApp: number;
  /** The platform's base URL, read late: a platform on port 0 learns it only once it listens. */
  base(): string;
  signer(): Promise<DownloadSigner>;
  properties: PropertyCache;
}

const SECRET_NAME = 'modelderivative.url-signing-secret';

export function mdContext(deps: AppDeps): MdContext {
  let signer: Promise<DownloadSigner> | undefined;
  return {
    stores: deps.stores,
    blobs: deps.blobs,
    clock: deps.clock,
    maxJobsPerApp: deps.config.modelDerivative?.concurrentJobsPerApp ?? DEFAULT_CONCURRENT_JOBS,
    base: () => deps.config.issuer,
    // A failed load (database down) is retried by the next request instead of being remembered.
    signer: () =>
      (signer ??= downloadSignerFrom(() =>
        deps.stores.oss.secret(SECRET_NAME, () => randomBytes(32).toString('base64url')),
      ).catch((error: unknown) => {
        signer = undefined;
        throw error;
      })),
    properties: new PropertyCache(deps.blobs),
  };
}
