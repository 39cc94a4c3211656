import type { Clock } from '../../config';
import type { BlobStore } from '../../storage/blobs/blob-store';
import type { Stores } from '../../storage/stores';
import { releaseBlobs } from './blob-release';

export interface SweepDeps {
  stores: Stores;
  blobs: BlobStore;
  clock: Clock;
}

/** A blob younger than this may be waiting for the metadata commit that refers to it (Azurite uses 10 minutes too). */
export const ORPHAN_PROTECT_SECONDS = 10 * 60;
const BATCH = 500;

/** Uploads not completed before their expiry go, with their parts' bytes. */
export async function sweepExpiredUploads(deps: SweepDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const { uploads, blobs } = await deps.stores.oss.deleteExpiredUploads(deps.clock.now(), BATCH);
    await releaseBlobs(deps, blobs);
    total += uploads;
    if (uploads < BATCH) return total;
  }
}

/** Retention: objects of transient buckets go after 24 hours, of temporary ones after 30 days. */
export async function sweepExpiredObjects(deps: SweepDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const { objects, blobs } = await deps.stores.oss.deleteExpiredObjects(deps.clock.now(), BATCH);
    await releaseBlobs(deps, blobs);
    total += objects;
    if (objects < BATCH) return total;
  }
}

/**
 * Bytes nothing refers to: left by a crash between a blob's rename and its metadata commit, or
 * between a metadata delete and the unlink. Temporary files of unfinished writes go too.
 */
export async function sweepOrphanBlobs(deps: SweepDeps, protectSeconds = ORPHAN_PROTECT_SECONDS): Promise<number> {
  let removed = await deps.blobs.sweepTemporary();
  const cutoff = deps.clock.now().getTime() - protectSeconds * 1000;
  let batch: string[] = [];
  const flush = async () => {
    for (const id of await deps.stores.oss.unreferencedBlobs(batch)) {
      await deps.blobs.delete(id);
      removed++;
    }
    batch = [];
  };
  for await (const blob of deps.blobs.list()) {
    if (blob.createdAt.getTime() > cutoff) continue;
    batch.push(blob.id);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return removed;
}

/** Signed resources past their expiry: no URL can use them any more. */
export async function sweepExpiredSignedResources(deps: SweepDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await deps.stores.ossSignedResources.deleteExpired(deps.clock.now(), BATCH);
    total += removed;
    if (removed < BATCH) return total;
  }
}

export async function sweepOss(
  deps: SweepDeps,
): Promise<{ uploads: number; objects: number; orphans: number; signedResources: number }> {
  const uploads = await sweepExpiredUploads(deps);
  const objects = await sweepExpiredObjects(deps);
  const orphans = await sweepOrphanBlobs(deps);
  const signedResources = await sweepExpiredSignedResources(deps);
  return { uploads, objects, orphans, signedResources };
}

/** Runs `sweepOss` now and then every `intervalSeconds`, without keeping the process alive; returns a stop. */
export function scheduleOssSweeps(
  deps: SweepDeps,
  intervalSeconds: number,
  onError: (error: unknown) => void,
): () => void {
  let running: Promise<unknown> | undefined;
  const run = () => {
    running ??= sweepOss(deps)
      .catch(onError)
      .finally(() => (running = undefined));
  };
  run();
  const timer = setInterval(run, intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
