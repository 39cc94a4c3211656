import type { Db } from './db/db';
import { appsRepo } from './repos/apps';
import { hubsRepo } from './repos/hubs';
import { oauthRepo } from './repos/oauth';
import { usersRepo } from './repos/users';

/** Everything the services keep, behind one object passed into `createApp`. */
export function createStores(db: Db) {
  return {
    db,
    users: usersRepo(db),
    apps: appsRepo(db),
    hubs: hubsRepo(db),
    oauth: oauthRepo(db),
  };
}

export type Stores = ReturnType<typeof createStores>;
