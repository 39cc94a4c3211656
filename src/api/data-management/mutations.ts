import { mutationOptions } from '@tanstack/react-query';
import { dmQueries, type FolderRef } from './queries';
import { createFolder, updateFolder } from './requests';

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

export const dmMutations = {
  /** A new folder inside `parent`; the variable is its name. A taken name fails with a 409. */
  createFolder: (parent: FolderPlace) =>
    mutationOptions({
      mutationKey: [...dmQueries.all(), 'create-folder', parent] as const,
      mutationFn: (name: string) => createFolder({ projectId: parent.projectId, parentId: parent.folderId, name }, unstoppable()),
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
};
