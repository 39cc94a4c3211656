import type { QueryClient } from '@tanstack/react-query';
import { parseObjectUrn } from '../../../contracts/oss';
import { dmQueries } from '../../api/data-management/queries';
import { createItem, createVersion, getFolderContents } from '../../api/data-management/requests';
import { completeSignedUpload } from '../../api/oss/requests';
import type { FolderOutput, RunOutput } from './run-store';

/** The item of this name in the folder, if there is one (names are compared as the service does, without case). */
async function itemNamed(output: FolderOutput, signal: AbortSignal): Promise<string | undefined> {
  for (let page = 0; ; page++) {
    const contents = await getFolderContents(
      output.projectId,
      output.folderId,
      { page, type: 'items', includeHidden: true },
      signal,
    );
    const found = contents.data.find(
      (child) => child.type === 'items' && child.attributes.displayName.toLowerCase() === output.fileName.toLowerCase(),
    );
    if (found) return found.id;
    if (!contents.links.next) return undefined;
  }
}

async function finishFolderOutput(output: FolderOutput, signal: AbortSignal): Promise<FolderOutput> {
  if (output.made) return output;
  const { bucketKey, objectKey } = parseObjectUrn(output.storageId)!;
  await completeSignedUpload(bucketKey, objectKey, { uploadKey: output.uploadKey }, signal);
  const { projectId, folderId, fileName: name, storageId } = output;
  const itemId = await itemNamed(output, signal);
  if (itemId) {
    const version = await createVersion({ projectId, itemId, name, storageId }, signal);
    return {
      ...output,
      made: { itemId, versionId: version.data.id, versionNumber: version.data.attributes.versionNumber },
    };
  }
  const item = await createItem({ projectId, folderId, name, storageId }, signal);
  const first = item.included?.[0];
  return {
    ...output,
    made: { itemId: item.data.id, versionId: first?.id ?? '', versionNumber: first?.attributes.versionNumber ?? 1 },
  };
}

/**
 * After a success, each file the workitem wrote for a folder becomes a new item, or a new version of
 * the item of that name, and the folder's listings are made stale.
 */
export async function finishOutputs(
  outputs: RunOutput[],
  queryClient: QueryClient,
  signal: AbortSignal,
): Promise<RunOutput[]> {
  const finished: RunOutput[] = [];
  for (const output of outputs) {
    if (output.kind !== 'folder') {
      finished.push(output);
      continue;
    }
    finished.push(await finishFolderOutput(output, signal));
    await queryClient.invalidateQueries({ queryKey: dmQueries.folderContentsScope(output) });
    await queryClient.invalidateQueries({ queryKey: [...dmQueries.all(), 'item'] });
  }
  return finished;
}
