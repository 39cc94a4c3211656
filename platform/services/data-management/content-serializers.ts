import { FOLDER_TYPE, type Folder, type Item, type Version } from '../../../contracts/data-management';
import type { Relationship } from '../../../contracts/json-api';
import type { FolderRecord } from '../../storage/repos/dm-folders';
import { versionId, type ItemRecord, type VersionRecord } from '../../storage/repos/dm-items';
import { enc, extension, folderPath, type LinkBase } from './serializers';

const iso = (date: Date) => date.toISOString();
const itemPath = (projectId: string, itemId: string) => `/data/v1/projects/${enc(projectId)}/items/${enc(itemId)}`;
const versionPath = (projectId: string, versionId: string) =>
  `/data/v1/projects/${enc(projectId)}/versions/${enc(versionId)}`;

/** `refs` and `links` relationships, which every folder, item and version carries. */
function refsAndLinks(self: string): Record<string, Relationship> {
  return {
    refs: { links: { self: { href: `${self}/relationships/refs` }, related: { href: `${self}/refs` } } },
    links: { links: { self: { href: `${self}/relationships/links` } } },
  };
}

const parentOf = (base: LinkBase, projectId: string, folderId: string): Relationship => ({
  data: { type: 'folders', id: folderId },
  links: { related: { href: `${base}${folderPath(projectId, folderId)}` } },
});

export function serializeFolder(base: LinkBase, folder: FolderRecord): Folder {
  const self = `${base}${folderPath(folder.projectId, folder.id)}`;
  return {
    type: 'folders',
    id: folder.id,
    attributes: {
      name: folder.name,
      displayName: folder.name,
      objectCount: folder.objectCount,
      createTime: iso(folder.createdAt),
      createUserId: folder.createdBy,
      createUserName: folder.createdByName,
      lastModifiedTime: iso(folder.modifiedAt),
      lastModifiedUserId: folder.modifiedBy,
      lastModifiedUserName: folder.modifiedByName,
      lastModifiedTimeRollup: iso(folder.rollupAt),
      hidden: folder.hidden,
      extension: extension(base, FOLDER_TYPE, {
        visibleTypes: ['folders', 'items:autodesk.core:File'],
        allowedTypes: ['folders', 'items:autodesk.core:File'],
      }),
    },
    links: { self: { href: self } },
    relationships: {
      ...(folder.parentId ? { parent: parentOf(base, folder.projectId, folder.parentId) } : {}),
      ...refsAndLinks(self),
      contents: { links: { related: { href: `${self}/contents` } } },
    },
  };
}

export function serializeItem(base: LinkBase, item: ItemRecord): Item {
  const self = `${base}${itemPath(item.projectId, item.id)}`;
  return {
    type: 'items',
    id: item.id,
    attributes: {
      displayName: item.displayName,
      createTime: iso(item.createdAt),
      createUserId: item.createdBy,
      createUserName: item.createdByName,
      lastModifiedTime: iso(item.modifiedAt),
      lastModifiedUserId: item.modifiedBy,
      lastModifiedUserName: item.modifiedByName,
      hidden: item.hidden,
      reserved: false,
      extension: extension(base, item.extensionType),
    },
    links: { self: { href: self } },
    relationships: {
      tip: {
        data: { type: 'versions', id: versionId(item.id, item.tipVersion) },
        links: { related: { href: `${self}/tip` } },
      },
      versions: { links: { related: { href: `${self}/versions` } } },
      parent: parentOf(base, item.projectId, item.folderId),
      ...refsAndLinks(self),
    },
  };
}

/** `urn:adsk.objects:os.object:{bucket}:{object}` → the OSS path of its details. */
export function storageLink(base: LinkBase, storageUrn: string): string {
  const rest = storageUrn.replace(/^urn:adsk\.objects:os\.object:/, '');
  const split = rest.search(/[:/]/);
  return `${base}/oss/v2/buckets/${enc(rest.slice(0, split))}/objects/${enc(rest.slice(split + 1))}`;
}

export function serializeVersion(base: LinkBase, version: VersionRecord): Version {
  const self = `${base}${versionPath(version.projectId, version.id)}`;
  const derivativesId = Buffer.from(version.id).toString('base64url');
  return {
    type: 'versions',
    id: version.id,
    attributes: {
      name: version.name,
      displayName: version.name,
      versionNumber: version.versionNumber,
      ...(version.mimeType ? { mimeType: version.mimeType } : {}),
      ...(version.fileType ? { fileType: version.fileType } : {}),
      ...(version.storageSize !== null ? { storageSize: version.storageSize } : {}),
      createTime: iso(version.createdAt),
      createUserId: version.createdBy,
      createUserName: version.createdByName,
      lastModifiedTime: iso(version.createdAt),
      lastModifiedUserId: version.createdBy,
      lastModifiedUserName: version.createdByName,
      extension: extension(base, version.extensionType, {
        ...(version.storageUrn ? { storageUrn: version.storageUrn, storageType: 'OSS' } : {}),
        ...(version.comment ? { comment: version.comment } : {}),
        processState: 'PROCESSING_COMPLETE',
      }),
    },
    links: { self: { href: self } },
    relationships: {
      item: {
        data: { type: 'items', id: version.itemId },
        links: { related: { href: `${base}${itemPath(version.projectId, version.itemId)}` } },
      },
      ...refsAndLinks(self),
      ...(version.storageUrn
        ? {
            storage: {
              data: { type: 'objects', id: version.storageUrn },
              meta: { link: { href: storageLink(base, version.storageUrn) } },
            },
            derivatives: {
              data: { type: 'derivatives', id: derivativesId },
              meta: { link: { href: `${base}/modelderivative/v2/designdata/${derivativesId}/manifest` } },
            },
            thumbnails: {
              data: { type: 'thumbnails', id: derivativesId },
              meta: { link: { href: `${base}/modelderivative/v2/designdata/${derivativesId}/thumbnail` } },
            },
          }
        : {}),
      downloadFormats: { links: { related: { href: `${self}/downloadFormats` } } },
    },
  };
}
