import type { ItemResponse, VersionResponse } from '../../../contracts/data-management';
import { DELETED_VERSION_TYPE, VERSION_TYPE } from '../../../contracts/data-management';
import { dataPath, itemPath, sendJsonApi } from './requests';

/**
 * Changing a file as Data Management allows: PATCH items renames it; deleting and restoring are new
 * versions (a `Deleted` one hides the item, a copy of the last real version shows it again). The
 * service has no way to move an item between folders.
 */

export function renameItem(
  { projectId, itemId, name }: { projectId: string; itemId: string; name: string },
  signal: AbortSignal,
): Promise<ItemResponse> {
  const data = { type: 'items', id: itemId, attributes: { displayName: name } };
  return sendJsonApi<ItemResponse>('PATCH', itemPath(projectId, itemId), { data }, signal);
}

export function deleteItem(
  { projectId, itemId, name }: { projectId: string; itemId: string; name: string },
  signal: AbortSignal,
): Promise<VersionResponse> {
  const data = {
    type: 'versions',
    attributes: { name, extension: { type: DELETED_VERSION_TYPE, version: '1.0' } },
    relationships: { item: { data: { type: 'items', id: itemId } } },
  };
  return sendJsonApi<VersionResponse>('POST', `${dataPath(projectId)}/versions`, { data }, signal);
}

/** Undoes a delete: `versionId` (the version before the Deleted one) becomes the new tip. */
export function restoreItem(
  { projectId, itemId, versionId }: { projectId: string; itemId: string; versionId: string },
  signal: AbortSignal,
): Promise<VersionResponse> {
  const data = {
    type: 'versions',
    attributes: { extension: { type: VERSION_TYPE, version: '1.0' } },
    relationships: { item: { data: { type: 'items', id: itemId } } },
  };
  return sendJsonApi<VersionResponse>('POST', `${dataPath(projectId)}/versions`, { data }, signal, {
    copyFrom: versionId,
  });
}
