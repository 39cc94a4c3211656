import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { HubsResponse } from '../../../contracts/data-management';
import { envelope, folder, item, recordsPage, version } from '../../testing/dm-fixtures';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { configureHttp } from '../http';
import { dmQueries } from './queries';

const hubs: HubsResponse = {
  jsonapi: { version: '1.0' },
  links: { self: { href: 'http://p/project/v1/hubs' } },
  data: [],
};

function serve(respond: Parameters<typeof mockFetch>[0]) {
  const mock = mockFetch(respond);
  configureHttp({
    baseUrl: 'http://p',
    fetch: mock.fetch,
    getAccessToken: () => 't',
    refreshAccessToken: vi.fn(() => Promise.resolve(null)),
    onSessionExpired: vi.fn(),
  });
  return mock;
}

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('dmQueries keys', () => {
  it('go from generic to specific and hold every input', () => {
    expect(dmQueries.all()).toEqual(['dm']);
    expect(dmQueries.hubs().queryKey).toEqual(['dm', 'hubs']);
    expect(dmQueries.projects('h', 2).queryKey).toEqual(['dm', 'projects', { hubId: 'h', page: 2 }]);
    expect(
      dmQueries.folderContents({ projectId: 'p', folderId: 'f', page: 3, type: 'all', includeHidden: true }).queryKey,
    ).toEqual([
      'dm',
      'folder-contents',
      { projectId: 'p', folderId: 'f', page: 3, type: 'all', includeHidden: true, nameContains: '' },
    ]);
    expect(dmQueries.itemVersions({ projectId: 'p', itemId: 'i' }).queryKey).toEqual([
      'dm',
      'item-versions',
      { projectId: 'p', itemId: 'i', page: 0 },
    ]);
  });

  it('let a folder’s scope reach every page and listing of that folder, and nothing of its neighbours', async () => {
    const queryClient = client();
    const keys: QueryKey[] = [
      dmQueries.folderContents({ projectId: 'p', folderId: 'f', page: 0, type: 'all', includeHidden: false }).queryKey,
      dmQueries.folderContents({ projectId: 'p', folderId: 'f', page: 7, type: 'all', includeHidden: true }).queryKey,
      dmQueries.folderContents({ projectId: 'p', folderId: 'f', page: 0, type: 'folders', includeHidden: false })
        .queryKey,
    ];
    const neighbour = dmQueries.folderContents({
      projectId: 'p',
      folderId: 'g',
      page: 0,
      type: 'all',
      includeHidden: false,
    }).queryKey;
    const itself = dmQueries.folder({ projectId: 'p', folderId: 'f' }).queryKey;
    for (const key of [...keys, neighbour, itself]) queryClient.setQueryData(key, {});

    await queryClient.invalidateQueries({ queryKey: dmQueries.folderContentsScope({ projectId: 'p', folderId: 'f' }) });
    for (const key of keys) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(neighbour)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(itself)?.isInvalidated).toBe(false);
  });

  it('let invalidating ["dm"] reach the hubs query', async () => {
    const mock = serve(() => jsonResponse(hubs));
    const queryClient = client();
    await queryClient.fetchQuery(dmQueries.hubs());
    expect(mock.calls[0]?.url.pathname).toBe('/project/v1/hubs');
    await queryClient.invalidateQueries({ queryKey: dmQueries.all() });
    expect(queryClient.getQueryState(dmQueries.hubs().queryKey)?.isInvalidated).toBe(true);
  });
});

describe('dmQueries requests', () => {
  it('ask for a page of contents with the most rows a page holds, encoding the ids', async () => {
    const mock = serve(() => jsonResponse(recordsPage('urn:f', 1, 450)));
    const page = await client().fetchQuery(
      dmQueries.folderContents({
        projectId: 'a.p',
        folderId: 'urn:adsk.wipprod:fs.folder:co.X',
        page: 1,
        type: 'all',
        includeHidden: false,
      }),
    );
    const url = mock.calls[0]!.url;
    expect(url.pathname).toBe('/data/v1/projects/a.p/folders/urn%3Aadsk.wipprod%3Afs.folder%3Aco.X/contents');
    expect(url.searchParams.get('page[number]')).toBe('1');
    expect(url.searchParams.get('page[limit]')).toBe('200');
    expect(url.searchParams.has('includeHidden')).toBe(false);
    expect(url.searchParams.has('filter[type]')).toBe(false);
    expect(url.searchParams.has('filter[displayName]-contains')).toBe(false);
    expect(page.data).toHaveLength(200);
  });

  it('let the service filter names, under a key of their own', async () => {
    const mock = serve(() => jsonResponse(envelope([])));
    const filtered = dmQueries.folderContents({
      projectId: 'p',
      folderId: 'f',
      page: 0,
      type: 'all',
      includeHidden: false,
      nameContains: 'record-43',
    });
    await client().fetchQuery(filtered);
    expect(mock.calls[0]!.url.searchParams.get('filter[displayName]-contains')).toBe('record-43');
    expect(filtered.queryKey).not.toEqual(
      dmQueries.folderContents({ projectId: 'p', folderId: 'f', page: 0, type: 'all', includeHidden: false }).queryKey,
    );
  });

  it('ask the tree’s listing for folders only, and hidden ones when asked', async () => {
    const mock = serve(() => jsonResponse(envelope([folder('urn:a', 'A', 'urn:f')])));
    await client().fetchQuery(
      dmQueries.folderContents({ projectId: 'p', folderId: 'f', page: 0, type: 'folders', includeHidden: true }),
    );
    expect(mock.calls[0]!.url.searchParams.get('filter[type]')).toBe('folders');
    expect(mock.calls[0]!.url.searchParams.get('includeHidden')).toBe('true');
  });

  it('read a version by its id, whose `?version=N` must not become a query string', async () => {
    const mock = serve(() => jsonResponse(envelope(version('urn:i', 'a.ifc', 2))));
    await client().fetchQuery(dmQueries.version('p', 'urn:adsk.wipprod:fs.file:vf.X?version=2'));
    expect(mock.calls[0]!.url.pathname).toBe(
      '/data/v1/projects/p/versions/urn%3Aadsk.wipprod%3Afs.file%3Avf.X%3Fversion%3D2',
    );
    expect(mock.calls[0]!.url.search).toBe('');
  });

  it('read an item with its tip, and its versions newest first as the service gives them', async () => {
    const mock = serve((call) =>
      call.url.pathname.endsWith('/versions')
        ? jsonResponse(envelope([version('urn:i', 'a.ifc', 2), version('urn:i', 'a.ifc', 1)]))
        : jsonResponse(envelope(item('urn:i', 'a.ifc', 'urn:f', 2), { included: [version('urn:i', 'a.ifc', 2)] })),
    );
    const queryClient = client();
    const found = await queryClient.fetchQuery(dmQueries.item({ projectId: 'p', itemId: 'urn:i' }));
    const versions = await queryClient.fetchQuery(dmQueries.itemVersions({ projectId: 'p', itemId: 'urn:i' }));
    expect(found.included?.[0]?.attributes.versionNumber).toBe(2);
    expect(versions.data.map((v) => v.attributes.versionNumber)).toEqual([2, 1]);
    expect(mock.calls.map((call) => call.url.pathname)).toEqual([
      '/data/v1/projects/p/items/urn%3Ai',
      '/data/v1/projects/p/items/urn%3Ai/versions',
    ]);
  });
});
