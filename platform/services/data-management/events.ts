import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../storage/db/db';
import { dmFoldersRepo, type FolderLink, type FolderRecord } from '../../storage/repos/dm-folders';
import type { VersionRecord } from '../../storage/repos/dm-items';
import type { ProjectRecord } from '../../storage/repos/hubs';
import { webhookRegion } from '../../storage/repos/wh-events';
import type { Stores } from '../../storage/stores';
import {
  bareId,
  contentChange,
  fileUrn,
  folderPayload,
  versionPayload,
  type EventCause,
  type EventItem,
  type EventPlace,
} from './event-payloads';

/** The hub and project an event of `project` names; the hub's region decides which hooks may hear it. */
export async function eventPlace(stores: Stores, project: ProjectRecord): Promise<EventPlace> {
  const hub = await stores.hubs.find(project.hubId);
  return { region: webhookRegion(hub?.region), tenant: project.hubId, project: bareId(project.id) };
}

/**
 * The `data` system's events, recorded with `tx`, the transaction of the change they tell of (an
 * outbox: a change rolled back leaves no event). Folder chains are read inside it, so they are the
 * ones the change leaves. A hook on a folder hears what happens anywhere below it, so each event's
 * scope values are its folder's whole chain; an event about a folder itself is heard from its
 * parent up, not by hooks on the folder.
 */
export function dmEvents(stores: Stores, tx: Queryable, place: EventPlace, cause: EventCause) {
  const folders = dmFoldersRepo(tx);
  const record = (event: string, resourceUrn: string, chain: readonly FolderLink[], payload: Record<string, unknown>) =>
    stores.webhookEvents.record(tx, {
      region: place.region,
      system: 'data',
      event,
      resourceUrn,
      scopeKey: 'folder',
      scopeValues: chain.map((link) => link.id),
      payload,
      at: cause.at,
    });
  const folderEvent = async (event: string, folder: FolderRecord, parentId: string, more = {}) => {
    const chain = await folders.chain(parentId);
    await record(event, folder.id, chain, { ...folderPayload(place, cause, folder, chain), ...more });
  };

  return {
    /** A new version with content: an upload's first or next version, or a restored one (`copyFrom`). */
    async versionAdded(item: EventItem, version: VersionRecord): Promise<void> {
      const chain = await folders.chain(item.folderId);
      await record('dm.version.added', version.id, chain, versionPayload(place, cause, item, version, chain));
    },
    /** A Deleted version: the file is gone from its folder; `lastContent` was its tip before, for its type. */
    async versionDeleted(item: EventItem, version: VersionRecord, lastContent: VersionRecord | undefined) {
      const chain = await folders.chain(item.folderId);
      const file = fileUrn(version.id);
      await record('dm.version.deleted', file, chain, {
        ...versionPayload(place, cause, item, { ...version, fileType: lastContent?.fileType ?? null }, chain),
        source: file,
        mimeType: lastContent?.mimeType ?? null,
      });
    },
    /** The item was renamed: a change of the lineage's metadata, told with its tip version. */
    async lineageUpdated(item: EventItem, tip: VersionRecord, displayName: string): Promise<void> {
      const chain = await folders.chain(item.folderId);
      await record('dm.lineage.updated', tip.id, chain, {
        ...versionPayload(place, cause, item, { ...tip, fileType: null }, chain, displayName),
        ...contentChange(tip, { newVersion: false, metadataOnly: true }),
      });
    },
    async folderAdded(folder: FolderRecord, parentId: string): Promise<void> {
      await folderEvent('dm.folder.added', folder, parentId);
    },
    /** A new name or hidden flag. */
    async folderModified(folder: FolderRecord, parentId: string): Promise<void> {
      await folderEvent('dm.folder.modified', folder, parentId);
    },
    /** Told to both places: `moved` to the new parent's chain, `moved.out` to the old one's, as one job. */
    async folderMoved(folder: FolderRecord, from: string, to: string): Promise<void> {
      const move = { target: folder.id, jobId: randomUUID() };
      await folderEvent('dm.folder.moved', folder, to, move);
      await folderEvent('dm.folder.moved.out', folder, from, move);
    },
  };
}

export type DmEvents = ReturnType<typeof dmEvents>;

/**
 * Runs a change and the events it records in one transaction, then wakes the webhooks dispatcher:
 * the events exist exactly when the change was committed.
 */
export async function withEvents<T>(
  stores: Stores,
  place: EventPlace,
  cause: EventCause,
  change: (tx: Queryable, events: DmEvents) => Promise<T>,
): Promise<T> {
  const result = await stores.db.transaction((tx) => change(tx, dmEvents(stores, tx, place, cause)));
  stores.webhookEvents.committed();
  return result;
}
