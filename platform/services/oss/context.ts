import { randomBytes } from 'node:crypto';
import type { AppDeps, Clock, OssLimits } from '../../config';
import type { BlobStore } from '../../storage/blobs/blob-store';
import type { Stores } from '../../storage/stores';
import { ossLimits } from './limits';
import { UploadHashes } from './upload-hashes';
import { urlSignerFrom, type UrlSigner } from './url-signing';

/** What the OSS handlers and domain functions work with, built once per app. */
export interface OssContext {
  stores: Stores;
  blobs: BlobStore;
  clock: Clock;
  limits: OssLimits;
  /** The platform's base URL, read late: a platform on port 0 learns it only once it listens. */
  base(): string;
  signer(): Promise<UrlSigner>;
  hashes: UploadHashes;
}

const SECRET_NAME = 'oss.url-signing-secret';

export function ossContext(deps: AppDeps): OssContext {
  let signer: Promise<UrlSigner> | undefined;
  return {
    stores: deps.stores,
    blobs: deps.blobs,
    clock: deps.clock,
    limits: ossLimits(deps.config),
    base: () => deps.config.issuer,
    // A failed load (database down) is retried by the next request instead of being remembered.
    signer: () =>
      (signer ??= urlSignerFrom(() =>
        deps.stores.oss.secret(SECRET_NAME, () => randomBytes(32).toString('base64url')),
      ).catch((error: unknown) => {
        signer = undefined;
        throw error;
      })),
    hashes: new UploadHashes(deps.blobs),
  };
}
