import type { DmStorageRepo } from '../storage/repos/dm-storage';
import { PLATFORM_CLIENT_ID } from '../storage/repos/dm-storage';
import type { HubsRepo, Principal } from '../storage/repos/hubs';
import type { BucketRecord } from '../storage/repos/oss';

/**
 * Who may read a bucket's objects, decided once for every service that serves them (OSS downloads,
 * Model Derivative translations): the owner app, apps the bucket grants read or full access, and for
 * a project's own bucket (Data Management files) whoever may see the project.
 */
export async function mayReadBucket(
  stores: { storage: DmStorageRepo; hubs: HubsRepo },
  bucket: BucketRecord,
  principal: Principal,
): Promise<boolean> {
  if (bucket.ownerClientId === PLATFORM_CLIENT_ID) {
    const projectId = await stores.storage.projectOfBucket(bucket.bucketKey);
    return projectId !== undefined && (await stores.hubs.visibleProject(principal, projectId)) !== undefined;
  }
  if (bucket.ownerClientId === principal.clientId) return true;
  return bucket.permissions.some((permission) => permission.authId === principal.clientId);
}
