import { randomBytes } from 'node:crypto';
import type { EngineDescription } from '../../automation/engine-types';
import type { AppDeps, Clock } from '../../config';
import type { BlobStore } from '../../storage/blobs/blob-store';
import type { Stores } from '../../storage/stores';
import { storeSignerFrom, type StoreSigner } from './signing';

/** What the Design Automation handlers and domain functions work with, built once per app. */
export interface DaContext {
  stores: Stores;
  blobs: BlobStore;
  clock: Clock;
  /** Every engine id `GET /engines` lists, from the engine. */
  engines: readonly EngineDescription[];
  /** The platform's base URL, read late: a platform on port 0 learns it only once it listens. */
  base(): string;
  signer(): Promise<StoreSigner>;
}

const SECRET_NAME = 'designautomation.signing-secret';

/** The signer of `/da/store` URLs, its secret shared through the database by every process. */
export function lazyStoreSigner(stores: Stores): () => Promise<StoreSigner> {
  let signer: Promise<StoreSigner> | undefined;
  // A failed load (database down) is retried by the next call instead of being remembered.
  return () =>
    (signer ??= storeSignerFrom(() =>
      stores.oss.secret(SECRET_NAME, () => randomBytes(32).toString('base64url')),
    ).catch((error: unknown) => {
      signer = undefined;
      throw error;
    }));
}

export function daContext(deps: Pick<AppDeps, 'stores' | 'blobs' | 'clock' | 'config' | 'automation'>): DaContext {
  return {
    stores: deps.stores,
    blobs: deps.blobs,
    clock: deps.clock,
    engines: deps.automation.engines,
    base: () => deps.config.issuer,
    signer: lazyStoreSigner(deps.stores),
  };
}

/** The part of an engine id a limit is keyed by: `Autodesk.AutoCAD+25_0` → `AutoCAD`. */
export const engineProduct = (engineId: string): string => /^[^.]+\.([^+]+)\+/.exec(engineId)?.[1] ?? engineId;
