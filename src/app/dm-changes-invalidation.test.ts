import { type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { dmMutations } from '../api/data-management/mutations';
import { dmQueries } from '../api/data-management/queries';
import { configureHttp } from '../api/http';
import { envelope, folder, item, version } from '../testing/dm-fixtures';
import { jsonResponse, mockFetch } from '../testing/fetch-mock';
import { createQueryClient } from './query-client';

/** Moving, renaming, deleting and restoring: what each sends, and which cached reads it makes stale. */

function serve(respond: Parameters<typeof mockFetch>[0]) {
  const mock = mockFetch(respond);
  configureHttp({
    baseUrl: 'http://p',
    fetch: mock.fetch,
    getAccessToken: () => 't',
    refreshAccessToken: () => Promise.resolve(null),
    onSessionExpired: vi.fn(),
  });
  return mock;
}

const parent = { hubId: 'h', projectId: 'p', folderId: 'parent' };
const file = { projectId: 'p', itemId: 'urn:item' };
const keys: Record<string, QueryKey> = {
  parentPage0: dmQueries.folderContents({
    projectId: 'p',
    folderId: 'parent',
    page: 0,
    type: 'all',
    includeHidden: false,
  }).queryKey,
  parentFolder: dmQueries.folder({ projectId: 'p', folderId: 'parent' }).queryKey,
  topFolders: dmQueries.topFolders('h', 'p').queryKey,
  moved: dmQueries.folder({ projectId: 'p', folderId: 'moved' }).queryKey,
  movedParent: dmQueries.folderParent({ projectId: 'p', folderId: 'moved' }).queryKey,
  target: dmQueries.folderContents({
    projectId: 'p',
    folderId: 'target',
    page: 0,
    type: 'folders',
    includeHidden: false,
  }).queryKey,
  item: dmQueries.item(file).queryKey,
  versions: dmQueries.itemVersions(file).queryKey,
  otherItem: dmQueries.item({ projectId: 'p', itemId: 'urn:other' }).queryKey,
  otherProject: dmQueries.folderContents({
    projectId: 'q',
    folderId: 'parent',
    page: 0,
    type: 'all',
    includeHidden: false,
  }).queryKey,
};

function cacheEverything() {
  const queryClient = createQueryClient({ notify: vi.fn() });
  for (const key of Object.values(keys)) queryClient.setQueryData(key, {});
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  const run = (options: object, variables: unknown) =>
    queryClient.getMutationCache().build(queryClient, options).execute(variables);
  return { stale, run };
}

describe('Data Management changes', () => {
  it('moving a folder PATCHes relationships.parent and makes every listing of the project, the folder and its parent stale', async () => {
    const mock = serve(() => jsonResponse(envelope(folder('moved', 'Plans', 'target'))));
    const { stale, run } = cacheEverything();
    await run(dmMutations.moveFolder({ projectId: 'p', folderId: 'moved' }, 'h'), 'target');
    expect(mock.calls[0]?.method).toBe('PATCH');
    expect(mock.calls[0]?.url.pathname).toBe('/data/v1/projects/p/folders/moved');
    expect(JSON.parse(mock.calls[0]?.body ?? '')).toMatchObject({
      data: { type: 'folders', id: 'moved', relationships: { parent: { data: { type: 'folders', id: 'target' } } } },
    });
    expect(stale()).toEqual(['moved', 'movedParent', 'parentFolder', 'parentPage0', 'target', 'topFolders']);
  });

  it('renaming a file PATCHes its displayName and makes the file, its versions and its folder stale', async () => {
    const mock = serve(() => jsonResponse(envelope(item('urn:item', 'b.ifc', 'parent'))));
    const { stale, run } = cacheEverything();
    await run(dmMutations.renameItem(file, parent), 'b.ifc');
    expect(mock.calls[0]?.url.pathname).toBe('/data/v1/projects/p/items/urn%3Aitem');
    expect(JSON.parse(mock.calls[0]?.body ?? '')).toMatchObject({
      data: { type: 'items', id: 'urn:item', attributes: { displayName: 'b.ifc' } },
    });
    expect(stale()).toEqual(['item', 'parentFolder', 'parentPage0', 'topFolders', 'versions']);
  });

  it('deleting posts a Deleted version; restoring posts a copy of the earlier version', async () => {
    const mock = serve(() => jsonResponse(envelope(version('urn:item', 'a.ifc', 2)), { status: 201 }));
    const { stale, run } = cacheEverything();
    await run(dmMutations.deleteItem(file, parent), 'a.ifc');
    expect(mock.calls[0]?.url.pathname).toBe('/data/v1/projects/p/versions');
    expect(JSON.parse(mock.calls[0]?.body ?? '')).toMatchObject({
      data: {
        type: 'versions',
        attributes: { name: 'a.ifc', extension: { type: 'versions:autodesk.core:Deleted' } },
        relationships: { item: { data: { type: 'items', id: 'urn:item' } } },
      },
    });
    expect(stale()).toEqual(['item', 'parentFolder', 'parentPage0', 'topFolders', 'versions']);
    await run(dmMutations.restoreItem(file, parent), 'urn:v?version=1');
    expect(mock.calls[1]?.url.searchParams.get('copyFrom')).toBe('urn:v?version=1');
    expect(JSON.parse(mock.calls[1]?.body ?? '')).toMatchObject({
      data: { type: 'versions', relationships: { item: { data: { type: 'items', id: 'urn:item' } } } },
    });
  });

  it('an upload’s comment travels in the version’s extension.data.comment, for a new item and a new version', async () => {
    const mock = serve(() =>
      jsonResponse(envelope(item('urn:item', 'a.ifc', 'parent'), { included: [version('urn:item', 'a.ifc', 1)] }), {
        status: 201,
      }),
    );
    const { run } = cacheEverything();
    await run(dmMutations.createItem(parent), {
      input: { name: 'a.ifc', storageId: 'urn:s', comment: ' Issued for review ' },
      signal: new AbortController().signal,
    });
    expect(JSON.parse(mock.calls[0]?.body ?? '')).toMatchObject({
      included: [
        {
          attributes: {
            extension: { type: 'versions:autodesk.core:File', version: '1.0', data: { comment: 'Issued for review' } },
          },
        },
      ],
    });
    await run(dmMutations.createVersion(parent), {
      input: { itemId: 'urn:item', name: 'a.ifc', storageId: 'urn:s' },
      signal: new AbortController().signal,
    });
    expect(
      (JSON.parse(mock.calls[1]?.body ?? '') as { data: { attributes: { extension: object } } }).data.attributes
        .extension,
    ).toEqual({ type: 'versions:autodesk.core:File', version: '1.0' });
  });
});
