import type { Db } from './db/db';
import { appsRepo } from './repos/apps';
import { consentsRepo } from './repos/consents';
import { daAppsRepo } from './repos/da-apps';
import { daItemsRepo } from './repos/da-items';
import { daWorkitemsRepo } from './repos/da-workitems';
import { dmFoldersRepo } from './repos/dm-folders';
import { dmItemsRepo } from './repos/dm-items';
import { dmSearchRepo } from './repos/dm-search';
import { dmStorageRepo } from './repos/dm-storage';
import { hubsRepo } from './repos/hubs';
import { jobLeasesRepo } from './repos/job-leases';
import { mdJobsRepo } from './repos/md-jobs';
import { mdManifestsRepo } from './repos/md-manifests';
import { oauthRepo } from './repos/oauth';
import { ossRepo } from './repos/oss';
import { ossResumableRepo } from './repos/oss-resumable';
import { ossSignedResourcesRepo } from './repos/oss-signed-resources';
import { sharedRateWindows } from './repos/rate-limit-windows';
import { usersRepo } from './repos/users';
import { webhookDeliveriesRepo } from './repos/wh-deliveries';
import { webhookEventsRepo } from './repos/wh-events';
import { webhookHooksRepo } from './repos/wh-hooks';
import { revocationSignal } from './revocations';

/** Everything the services keep, behind one object passed into `createApp`. */
export function createStores(db: Db) {
  // One per database handle: the revoking repositories bump it, the token check reads it.
  const revocations = revocationSignal();
  return {
    db,
    revocations,
    users: usersRepo(db),
    apps: appsRepo(db),
    hubs: hubsRepo(db),
    oauth: oauthRepo(db, revocations),
    consents: consentsRepo(db, revocations),
    oss: ossRepo(db),
    ossSignedResources: ossSignedResourcesRepo(db),
    ossResumable: ossResumableRepo(db),
    folders: dmFoldersRepo(db),
    items: dmItemsRepo(db),
    search: dmSearchRepo(db),
    storage: dmStorageRepo(db),
    mdManifests: mdManifestsRepo(db),
    mdJobs: mdJobsRepo(db),
    mdJobLeases: jobLeasesRepo(db, 'md_jobs'),
    daApps: daAppsRepo(db),
    daItems: daItemsRepo(db),
    daWorkitems: daWorkitemsRepo(db),
    daWorkitemLeases: jobLeasesRepo(db, 'da_workitems'),
    webhookHooks: webhookHooksRepo(db),
    webhookEvents: webhookEventsRepo(db),
    webhookDeliveries: webhookDeliveriesRepo(db),
    /** Shared by every instance on a database server; the embedded database leaves them to each limiter's memory. */
    rateWindows: db.kind === 'postgres' ? sharedRateWindows(db) : undefined,
  };
}

export type Stores = ReturnType<typeof createStores>;
