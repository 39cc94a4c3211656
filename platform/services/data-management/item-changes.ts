import { DELETED_VERSION_TYPE } from '../../../contracts/data-management';
import { dmItemsRepo, type ItemRecord, type NewVersion, type VersionRecord } from '../../storage/repos/dm-items';
import type { Stores } from '../../storage/stores';
import type { EventCause, EventPlace } from './event-payloads';
import { withEvents } from './events';

// Changes of items and versions, each in one transaction with the webhook events it emits.

/** Step 4 of the upload: the item with its version 1, told as `dm.version.added`. */
export function createItem(
  stores: Stores,
  place: EventPlace,
  cause: EventCause,
  item: { id: string; projectId: string; folderId: string; displayName: string; extensionType: string },
  first: NewVersion,
): Promise<VersionRecord> {
  return withEvents(stores, place, cause, async (tx, events) => {
    const version = await dmItemsRepo(tx).create(item, first, cause.actor, cause.at);
    await events.versionAdded({ id: item.id, folderId: item.folderId, hidden: false }, version);
    return version;
  });
}

/**
 * POST versions: a new upload or a restored version (`dm.version.added`), or a Deleted version,
 * which hides the item (`dm.version.deleted`, typed by the content it had until now).
 */
export function addVersion(
  stores: Stores,
  place: EventPlace,
  cause: EventCause,
  item: ItemRecord,
  version: NewVersion,
): Promise<VersionRecord> {
  return withEvents(stores, place, cause, async (tx, events) => {
    const items = dmItemsRepo(tx);
    const deleting = version.extensionType === DELETED_VERSION_TYPE;
    const [lastContent] = deleting ? await items.tips([item.id]) : [];
    const created = await items.addVersion(item.id, version, cause.actor, cause.at);
    const after = { id: item.id, folderId: item.folderId, hidden: deleting };
    if (deleting) await events.versionDeleted(after, created, lastContent);
    else await events.versionAdded(after, created);
    return created;
  });
}

/** PATCH items: a new display name, told as `dm.lineage.updated` with the tip version. */
export function renameItem(
  stores: Stores,
  place: EventPlace,
  cause: EventCause,
  item: ItemRecord,
  displayName: string,
): Promise<void> {
  return withEvents(stores, place, cause, async (tx, events) => {
    const items = dmItemsRepo(tx);
    await items.rename(item.id, displayName, cause.actor, cause.at);
    const [tip] = await items.tips([item.id]);
    if (tip) await events.lineageUpdated(item, tip, displayName);
  });
}
