import { DELETED_VERSION_TYPE, VERSION_TYPE } from '../../../contracts/data-management';
import type { Clock } from '../../config';
import type { ItemRecord, NewVersion } from '../../storage/repos/dm-items';
import type { Stores } from '../../storage/stores';
import type { VersionCreation } from './request-bodies';
import { badInput, checkName } from './requests';
import { checkedVersion } from './uploads';

/**
 * What a new version of `item` is made from, as POST versions allows three ways: uploaded storage
 * (the upload's step 4), a `versions:autodesk.core:Deleted` version with no bytes (deleting the
 * file), or `?copyFrom=` an earlier version of the same item (restoring it).
 */
export async function newVersionOf(
  stores: Stores,
  clock: Clock,
  item: ItemRecord,
  data: VersionCreation,
  copyFrom: string | undefined,
): Promise<NewVersion> {
  const extensionType = data.attributes.extension.type ?? VERSION_TYPE;
  const { comment } = data.attributes.extension.data;
  if (copyFrom !== undefined) {
    const source = await stores.items.findVersion(item.projectId, copyFrom);
    if (!source) throw badInput(`copyFrom must be a version of this project; ${copyFrom.slice(0, 200)} is not.`);
    if (source.itemId !== item.id) throw badInput('copyFrom must be a version of the item in data.relationships.item.');
    if (source.extensionType === DELETED_VERSION_TYPE)
      throw badInput('copyFrom names a deleted version: copy a version that has content.');
    const { extensionType: copiedType, storageUrn, storageSize, mimeType, fileType } = source;
    return { name: item.displayName, extensionType: copiedType, storageUrn, storageSize, mimeType, fileType, comment };
  }
  const name = checkName(data.attributes.name ?? item.displayName, 'The version name');
  if (extensionType === DELETED_VERSION_TYPE) {
    if (item.hidden) throw badInput('The item is already deleted.');
    return { name, extensionType, storageUrn: null, storageSize: null, mimeType: null, fileType: null, comment };
  }
  // Required only here: a copy or a deletion has no storage of its own.
  const storageId = data.relationships.storage.data.id;
  if (!storageId) throw badInput('data.relationships.storage.data.id is required and must be a string.');
  return { ...(await checkedVersion(stores, clock, item.projectId, name, storageId, extensionType)), comment };
}
