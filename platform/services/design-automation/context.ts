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

export function daContext(deps: Pick<AppDeps, 'stores' | 'blobs' | 'clock' | 'config' | 'automation'>): DaContext {
  let signer: Promise<StoreSigner> | undefined;
  return {
    stores: deps.stores,
    blobs: deps.blobs,
    clock: deps.clock,
    engines: deps.automation.engines,
    base: () => deps.config.issuer,
    // A failed load (database down) is retried by the next request instead of being remembered.
    signer: () =>
      (signer ??= storeSignerFrom(() => deps.stores.oss.secret(SECRET_NAME, () => randomBytes(32).toString('base64url'))).catch((error: unknown) => {
        signer = undefined;
        throw error;
      })),
  };
}

/** The part of an engine id a limit is keyed by: `Autodesk.AutoCAD+25_0` → `AutoCAD`. */
export const engineProduct = (engineId: string): string => /^[^.]+\.([^+]+)\+/.exec(engineId)?.[1] ?? engineId;
