import type { Folder, FolderContentsResponse, Hub, Item, Project, Version } from '../../contracts/data-management';
import type { JsonApiDocument } from '../../contracts/json-api';

/** Data Management resources shaped as the platform sends them, for tests. */

export const PLATFORM = 'http://platform.test';
const extension = (type: string, data: Record<string, unknown> = {}) => ({
  type,
  version: '1.0',
  schema: { href: '' },
  data,
});
const authorship = (time = '2026-01-02T10:00:00.000Z', user = 'Dana Demo') => ({
  createTime: time,
  createUserId: 'U1',
  createUserName: user,
  lastModifiedTime: time,
  lastModifiedUserId: 'U1',
  lastModifiedUserName: user,
});

export function envelope<T, I = never>(data: T, more: { next?: string; included?: I[] } = {}): JsonApiDocument<T, I> {
  return {
    jsonapi: { version: '1.0' },
    links: { self: { href: `${PLATFORM}/self` }, ...(more.next ? { next: { href: more.next } } : {}) },
    data,
    ...(more.included ? { included: more.included } : {}),
  };
}

export function hub(id = 'a.hub', name = 'Demo Company'): Hub {
  return {
    type: 'hubs',
    id,
    attributes: { name, region: 'US', extension: extension('hubs:autodesk.core:Hub') },
    links: { self: { href: '' } },
    relationships: {},
  };
}

export function project(id = 'a.project', name = 'Riverside Offices', rootFolderId = 'urn:root'): Project {
  return {
    type: 'projects',
    id,
    attributes: { name, scopes: ['global'], extension: extension('projects:autodesk.core:Project') },
    links: { self: { href: '' } },
    relationships: { rootFolder: { data: { type: 'folders', id: rootFolderId } } },
  };
}

export function folder(
  id: string,
  name: string,
  parentId: string | null,
  more: { objectCount?: number; hidden?: boolean } = {},
): Folder {
  return {
    type: 'folders',
    id,
    attributes: {
      name,
      displayName: name,
      objectCount: more.objectCount ?? 0,
      lastModifiedTimeRollup: '2026-01-02T10:00:00.000Z',
      hidden: more.hidden ?? false,
      extension: extension('folders:autodesk.core:Folder'),
      ...authorship(),
    },
    links: { self: { href: '' } },
    relationships: parentId ? { parent: { data: { type: 'folders', id: parentId } } } : {},
  };
}

export function item(id: string, name: string, parentId: string, tipNumber = 1, time?: string): Item {
  return {
    type: 'items',
    id,
    attributes: {
      displayName: name,
      hidden: false,
      reserved: false,
      extension: extension('items:autodesk.core:File'),
      ...authorship(time),
    },
    links: { self: { href: '' } },
    relationships: {
      tip: { data: { type: 'versions', id: `${id}?version=${tipNumber}` } },
      parent: { data: { type: 'folders', id: parentId } },
    },
  };
}

export function version(
  itemId: string,
  name: string,
  number: number,
  more: { size?: number; comment?: string; storage?: string; time?: string } = {},
): Version {
  return {
    type: 'versions',
    id: `${itemId}?version=${number}`,
    attributes: {
      name,
      displayName: name,
      versionNumber: number,
      ...(more.size !== undefined ? { storageSize: more.size } : {}),
      fileType: name.split('.').pop() ?? '',
      extension: extension('versions:autodesk.core:File', more.comment ? { comment: more.comment } : {}),
      ...authorship(more.time),
    },
    links: { self: { href: '' } },
    relationships: more.storage ? { storage: { data: { type: 'objects', id: more.storage } } } : {},
  };
}

/** Page `page` of a folder holding `total` items named record-0001.txt…, `size` to a page. */
export function recordsPage(folderId: string, page: number, total: number, size = 200): FolderContentsResponse {
  const start = page * size;
  const count = Math.max(0, Math.min(size, total - start));
  const items = Array.from({ length: count }, (_, index) => {
    const n = start + index + 1;
    return item(`urn:item:${n}`, `record-${String(n).padStart(4, '0')}.txt`, folderId);
  });
  const tips = items.map((entry, index) =>
    version(entry.id, entry.attributes.displayName, 1, { size: 1000 + start + index }),
  );
  const next = start + size < total ? `${PLATFORM}/contents?page%5Bnumber%5D=${page + 1}` : undefined;
  return envelope<(Folder | Item)[], Version>(items, { included: tips, ...(next ? { next } : {}) });
}
