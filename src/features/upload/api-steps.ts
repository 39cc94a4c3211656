import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { dmMutations } from '../../api/data-management/mutations';
import { createStorage, getFolderContents } from '../../api/data-management/requests';
import { ossMutations } from '../../api/oss/mutations';
import { getSignedUpload } from '../../api/oss/requests';
import type { UploadSteps } from './run-file';
import type { FolderTarget, UploadResult } from './upload-store';

/** Names (lower-cased) → ids of a folder's children of one type, every page of them. */
async function childrenByName(
  projectId: string,
  folderId: string,
  type: 'folders' | 'items',
  signal: AbortSignal,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (let page = 0; ; page++) {
    const response = await getFolderContents(projectId, folderId, { page, type, includeHidden: true }, signal);
    for (const child of response.data) {
      const name = child.type === 'folders' ? child.attributes.name : child.attributes.displayName;
      if (child.type === type) names.set(name.toLowerCase(), child.id);
    }
    if (!response.links.next) return names;
  }
}

const place = (target: FolderTarget, folderId: string) => ({
  hubId: target.hubId,
  projectId: target.projectId,
  folderId,
});

/**
 * The upload runner's steps on the real API. Item, version and object completion go through the mutation
 * cache, so the listings they change are invalidated by the one handler in src/app like any write.
 */
export function apiSteps(queryClient: QueryClient): UploadSteps {
  const mutate = <TData, TVariables>(
    options: ConstructorParameters<typeof MutationObserver<TData, Error, TVariables>>[1],
    variables: TVariables,
  ) => new MutationObserver<TData, Error, TVariables>(queryClient, options).mutate(variables);
  // Two files of one dropped folder must not both create the same sub-folder.
  const folderPromises = new Map<string, Promise<string>>();

  const subFolder = (target: FolderTarget, parentId: string, name: string, signal: AbortSignal) => {
    const key = `${target.projectId}/${parentId}/${name.toLowerCase()}`;
    let found = folderPromises.get(key);
    if (!found) {
      found = (async () => {
        const existing = (await childrenByName(target.projectId, parentId, 'folders', signal)).get(name.toLowerCase());
        if (existing) return existing;
        const created = await mutate(dmMutations.createFolder(place(target, parentId)), name);
        return created.data.id;
      })();
      // A failed lookup is tried again by the next file rather than remembered.
      found.catch(() => folderPromises.delete(key));
      folderPromises.set(key, found);
    }
    return found;
  };

  return {
    resolveFolder: async (target, signal) => {
      let folderId = target.folderId;
      for (const name of target.path) folderId = await subFolder(target, folderId, name, signal);
      return folderId;
    },
    createStorage: async (projectId, folderId, name, signal) =>
      (await createStorage({ projectId, folderId, name }, signal)).data.id,
    sign: (bucketKey, objectKey, request, signal) => getSignedUpload(bucketKey, objectKey, request, signal),
    complete: (bucketKey, objectKey, body, signal) =>
      // The DM storage's bucket is not one the bucket manager lists, so nothing to invalidate here.
      mutate(ossMutations.completeUpload(bucketKey), { objectKey, body, signal }),
    completeObject: (bucketKey, objectKey, body, signal) =>
      mutate(ossMutations.completeUpload(bucketKey), { objectKey, body, signal }),
    itemsByName: (projectId, folderId, signal) => childrenByName(projectId, folderId, 'items', signal),
    createItem: async (target, folderId, name, storageId, signal): Promise<UploadResult> => {
      const response = await mutate(dmMutations.createItem(place(target, folderId)), {
        input: { name, storageId, comment: target.comment },
        signal,
      });
      const version = response.included?.[0];
      return {
        itemId: response.data.id,
        versionId: version?.id,
        versionNumber: version?.attributes.versionNumber ?? 1,
      };
    },
    createVersion: async (target, folderId, itemId, name, storageId, signal): Promise<UploadResult> => {
      const response = await mutate(dmMutations.createVersion(place(target, folderId)), {
        input: { itemId, name, storageId, comment: target.comment },
        signal,
      });
      return { itemId, versionId: response.data.id, versionNumber: response.data.attributes.versionNumber };
    },
  };
}
