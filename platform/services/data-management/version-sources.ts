import { DELETED_VERSION_TYPE, VERSION_TYPE } from '../../../contracts/data-management';
import type { Clock } from '../../config';
import type { ItemRecord, NewVersion } from '../../storage/repos/dm-items';
import type { Stores } from '../../storage/stores';
import { badInput, checkName, isObject, optionalStringAt, stringAt } from './requests';
import { checkedVersion } from './uploads';

const MAX_COMMENT = 1024;

/** The version's comment, carried in `attributes.extension.data.comment` as the service reports it back. */
export function commentOf(resource: unknown): string | null {
  let node: unknown = resource;
  for (const key of ['attributes', 'extension', 'data']) node = isObject(node) ? node[key] : undefined;
  if (!isObject(node) || node['comment'] === undefined || node['comment'] === null) return null;
  const comment = node['comment'];
  if (typeof comment !== 'string') throw badInput('attributes.extension.data.comment must be a string.');
  if (comment.length > MAX_COMMENT) throw badInput(`attributes.extension.data.comment must be at most ${MAX_COMMENT} characters.`);
  return comment.trim() || null;
}

/**
 * What a new version of `item` is made from, as POST versions allows three ways: uploaded storage
 * (the upload's step 4), a `versions:autodesk.core:Deleted` version with no bytes (deleting the
 * file), or `?copyFrom=` an earlier version of the same item (restoring it).
 */
export async function newVersionOf(stores: Stores, clock: Clock, item: ItemRecord, data: Record<string, unknown>, copyFrom: string | undefined): Promise<NewVersion> {
  const extensionType = optionalStringAt(data, ['attributes', 'extension', 'type']) ?? VERSION_TYPE;
  const comment = commentOf(data);
  if (copyFrom !== undefined) {
    const source = await stores.items.findVersion(item.projectId, copyFrom);
    if (!source) throw badInput(`copyFrom must be a version of this project; ${copyFrom.slice(0, 200)} is not.`);
    if (source.itemId !== item.id) throw badInput('copyFrom must be a version of the item in data.relationships.item.');
    if (source.extensionType === DELETED_VERSION_TYPE) throw badInput('copyFrom names a deleted version: copy a version that has content.');
    const { extensionType: copiedType, storageUrn, storageSize, mimeType, fileType } = source;
    return { name: item.displayName, extensionType: copiedType, storageUrn, storageSize, mimeType, fileType, comment };
  }
  const name = checkName(optionalStringAt(data, ['attributes', 'name']) ?? item.displayName, 'The version name');
  if (extensionType === DELETED_VERSION_TYPE) {
    if (item.hidden) throw badInput('The item is already deleted.');
    return { name, extensionType, storageUrn: null, storageSize: null, mimeType: null, fileType: null, comment };
  }
  const storageId = stringAt(data, ['relationships', 'storage', 'data', 'id'], 'data.relationships.storage.data.id');
  return { ...(await checkedVersion(stores, clock, item.projectId, name, storageId, extensionType)), comment };
}
