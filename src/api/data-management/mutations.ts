import { mutationOptions } from '@tanstack/react-query';
import { deleteItem, renameItem, restoreItem } from './item-changes';
import { dmQueries, type FolderRef, type ItemRef } from './queries';
import {
  createFolder,
  createItem,
  createVersion,
  updateFolder,
  type CreateItemInput,
  type CreateVersionInput,
} from './requests';

/**
 * Data Management writes. Each names, in `meta.invalidates`, the keys its success makes stale; the
 * one MutationCache handler in src/app does the invalidating.
 */

// Writes are not cancelled from the outside: once the person asked, the request goes through.
const unstoppable = () => new AbortController().signal;

/** Where a folder lives, as the listings that show it are keyed. */
export interface FolderPlace extends FolderRef {
  hubId: string;
}

/** What a change among a folder's children makes stale: its listings, its counts, and the top folders. */
function childrenChanged({ hubId, projectId, folderId }: FolderPlace) {
  return [
    dmQueries.folderContentsScope({ projectId, folderId }),
    dmQueries.folder({ projectId, folderId }).queryKey,
    dmQueries.topFolders(hubId, projectId).queryKey,
  ];
}

/** A folder that moved: every listing of the project may show or lose it, and its parent changed. */
function folderMoved(folder: FolderRef, hubId: string) {
  return [
    [...dmQueries.all(), 'folder-contents', { projectId: folder.projectId }],
    [...dmQueries.all(), 'folder', { projectId: folder.projectId }],
    dmQueries.folderParent(folder).queryKey,
    dmQueries.topFolders(hubId, folder.projectId).queryKey,
  ];
}

/** An item that changed in `parent`: its listings, the item and its versions. */
function itemChanged(item: ItemRef, parent: FolderPlace) {
  return [
    ...childrenChanged(parent),
    dmQueries.item(item).queryKey,
    [...dmQueries.all(), 'item-versions', { projectId: item.projectId, itemId: item.itemId }],
  ];
}

export const dmMutations = {
  /** A new folder inside `parent`; the variable is its name. A taken name fails with a 409. */
  createFolder: (parent: FolderPlace) =>
    mutationOptions({
      mutationKey: [...dmQueries.all(), 'create-folder', parent] as const,
      mutationFn: (name: string) =>
        createFolder({ projectId: parent.projectId, parentId: parent.folderId, name }, unstoppable()),
      meta: { invalidates: childrenChanged(parent) },
    }),
  /** Renames or hides `folder`, which sits in `parent`. */
  updateFolder: (folder: FolderRef, parent: FolderPlace) =>
    mutationOptions({
      mutationKey: [...dmQueries.all(), 'update-folder', folder] as const,
      mutationFn: (change: { name?: string; hidden?: boolean }) =>
        updateFolder({ ...folder, ...change }, unstoppable()),
      meta: { invalidates: [dmQueries.folder(folder).queryKey, ...childrenChanged(parent)] },
    }),
  /** Step 3 of an upload: a new item (with version 1) in `parent`. The signal lets a cancelled upload stop before it lands. */
  createItem: (parent: FolderPlace) =>
    mutationOptions({
      mutationKey: [...dmQueries.all(), 'create-item', parent] as const,
      mutationFn: ({
        input,
        signal,
      }: {
        input: Omit<CreateItemInput, 'projectId' | 'folderId'>;
        signal: AbortSignal;
      }) => createItem({ ...input, projectId: parent.projectId, folderId: parent.folderId }, signal),
      meta: { invalidates: childrenChanged(parent) },
    }),
  /** Step 4: a new version of an item that sits in `parent`; its listings show the new version number. */
  createVersion: (parent: FolderPlace) =>
    mutationOptions({
      mutationKey: [...dmQueries.all(), 'create-version', parent] as const,
      mutationFn: ({ input, signal }: { input: Omit<CreateVersionInput, 'projectId'>; signal: AbortSignal }) =>
        createVersion({ ...input, projectId: parent.projectId }, signal),
      meta: {
        invalidates: [...childrenChanged(parent), [...dmQueries.all(), 'item'], [...dmQueries.all(), 'item-versions']],
      },
    }),
  /** Moves `folder` under the folder given as the variable; the service allows it for folders only. */
  moveFolder: (folder: FolderRef, hubId: string) =>
    mutationOptions({
      mutationKey: [...dmQueries.all(), 'move-folder', folder] as const,
      mutationFn: (parentId: string) => updateFolder({ ...folder, parentId }, unstoppable()),
      meta: { invalidates: folderMoved(folder, hubId) },
    }),
  renameItem: (item: ItemRef, parent: FolderPlace) =>
    mutationOptions({
      mutationKey: [...dmQueries.all(), 'rename-item', item] as const,
      mutationFn: (name: string) => renameItem({ ...item, name }, unstoppable()),
      meta: { invalidates: itemChanged(item, parent) },
    }),
  /** Deletes a file: a `Deleted` version hides it; its name is the variable, as the version carries one. */
  deleteItem: (item: ItemRef, parent: FolderPlace) =>
    mutationOptions({
      mutationKey: [...dmQueries.all(), 'delete-item', item] as const,
      mutationFn: (name: string) => deleteItem({ ...item, name }, unstoppable()),
      meta: { invalidates: itemChanged(item, parent) },
    }),
  /** Undoes a delete by copying the version that was the tip before it. */
  restoreItem: (item: ItemRef, parent: FolderPlace) =>
    mutationOptions({
      mutationKey: [...dmQueries.all(), 'restore-item', item] as const,
      mutationFn: (versionId: string) => restoreItem({ ...item, versionId }, unstoppable()),
      meta: { invalidates: itemChanged(item, parent) },
    }),
};
