import { dmFoldersRepo, type FolderRecord } from '../../storage/repos/dm-folders';
import type { Stores } from '../../storage/stores';
import type { EventCause, EventPlace } from './event-payloads';
import { withEvents } from './events';

// Changes of folders, each in one transaction with the webhook events it emits.

/** POST folders: the new folder, told as `dm.folder.added` to its parent's chain. */
export function createFolder(
  stores: Stores,
  place: EventPlace,
  cause: EventCause,
  folder: { id: string; projectId: string; parentId: string; name: string },
): Promise<FolderRecord> {
  return withEvents(stores, place, cause, async (tx, events) => {
    const folders = dmFoldersRepo(tx);
    await folders.create(folder, cause.actor, cause.at);
    const created = await folders.find(folder.projectId, folder.id);
    if (!created) throw new Error(`folder ${folder.id} was not created`);
    await events.folderAdded(created, folder.parentId);
    return created;
  });
}

/**
 * PATCH folders (never the root, which has no parent): a move is told as `dm.folder.moved` and
 * `dm.folder.moved.out`, a new name or hidden flag as `dm.folder.modified`; a PATCH that does
 * both emits all three.
 */
export function changeFolder(
  stores: Stores,
  place: EventPlace,
  cause: EventCause,
  target: FolderRecord & { parentId: string },
  change: { name?: string; hidden?: boolean; parentId?: string },
): Promise<FolderRecord> {
  return withEvents(stores, place, cause, async (tx, events) => {
    const folders = dmFoldersRepo(tx);
    await folders.update(target.id, change, cause.actor, cause.at);
    const changed = await folders.find(target.projectId, target.id);
    if (!changed) throw new Error(`folder ${target.id} does not exist`);
    if (change.parentId) await events.folderMoved(changed, target.parentId, change.parentId);
    if (change.name !== undefined || change.hidden !== undefined)
      await events.folderModified(changed, change.parentId ?? target.parentId);
    return changed;
  });
}
