import type { Folder, FolderContentsResponse, Item, Version } from '../../../contracts/data-management';
import type { FileKind } from '../../components/ui/file-icon';
import { encodeUrn } from '../../../contracts/model-derivative';
import { fileTypeOf } from './file-types';

/**
 * A folder's child as the folder view shows it: one shape for folders and items, with the tip
 * version's facts lifted onto the item.
 */
export interface ContentRow {
  kind: 'folder' | 'item';
  id: string;
  name: string;
  typeLabel: string;
  /** The service's own type, for the tooltip. */
  extensionType: string;
  fileKind: FileKind;
  versionNumber: number | null;
  size: number | null;
  /** Epoch milliseconds. */
  modifiedAt: number;
  modifiedBy: string;
  hidden: boolean;
  /** Model Derivative makes thumbnails; rows show their file-type icon until one is found. */
  thumbnail: ThumbnailSource | null;
  /** The tip version's id: what a deleted item is restored from. */
  tipId: string | null;
  /** The tip version's storage object: what Download saves (none for a folder, or a Deleted tip). */
  tipStorageId: string | null;
}

/** Where a row's picture comes from: the tip version's thumbnail, by its encoded URN. */
export interface ThumbnailSource {
  kind: 'derivative';
  urn: string;
}

export function folderRow(folder: Folder): ContentRow {
  return {
    kind: 'folder',
    id: folder.id,
    name: folder.attributes.displayName || folder.attributes.name,
    typeLabel: 'Folder',
    extensionType: folder.attributes.extension.type,
    fileKind: 'folder',
    versionNumber: null,
    size: null,
    modifiedAt: Date.parse(folder.attributes.lastModifiedTime),
    modifiedBy: folder.attributes.lastModifiedUserName,
    hidden: folder.attributes.hidden,
    thumbnail: null,
    tipId: null,
    tipStorageId: null,
  };
}

export function itemRow(item: Item, tip: Version | undefined): ContentRow {
  const type = fileTypeOf(item.attributes.displayName, tip?.attributes.fileType);
  return {
    kind: 'item',
    id: item.id,
    name: item.attributes.displayName,
    typeLabel: type.label,
    extensionType: item.attributes.extension.type,
    fileKind: type.kind,
    versionNumber: tip?.attributes.versionNumber ?? null,
    size: tip?.attributes.storageSize ?? null,
    modifiedAt: Date.parse(item.attributes.lastModifiedTime),
    modifiedBy: item.attributes.lastModifiedUserName,
    hidden: item.attributes.hidden,
    thumbnail: tip ? { kind: 'derivative', urn: encodeUrn(tip.id) } : null,
    tipId: tip?.id ?? null,
    tipStorageId: tip?.relationships['storage']?.data?.id ?? null,
  };
}

/** One page of contents as rows, each item matched to its tip among `included`. */
export function rowsOf(page: FolderContentsResponse): ContentRow[] {
  const tips = new Map((page.included ?? []).map((version) => [version.id, version]));
  return page.data.map((entry) => {
    if (entry.type === 'folders') return folderRow(entry);
    const tipId = entry.relationships['tip']?.data?.id;
    return itemRow(entry, tipId ? tips.get(tipId) : undefined);
  });
}

export type SortKey = 'name' | 'modified' | 'size';
export type SortOrder = 'asc' | 'desc';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Folders stay above items, as in the service's own order and every file manager. */
export function compareRows(key: SortKey, order: SortOrder) {
  const sign = order === 'asc' ? 1 : -1;
  return (a: ContentRow, b: ContentRow): number => {
    if (a.kind !== b.kind) return a.kind === 'folder' ? -1 : 1;
    let result = 0;
    if (key === 'modified') result = a.modifiedAt - b.modifiedAt;
    else if (key === 'size') result = (a.size ?? -1) - (b.size ?? -1);
    return sign * (result || collator.compare(a.name, b.name));
  };
}
