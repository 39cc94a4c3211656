import { type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { dmMutations } from '../api/data-management/mutations';
import { dmQueries } from '../api/data-management/queries';
import { ApiError, configureHttp } from '../api/http';
import { envelope, folder } from '../testing/dm-fixtures';
import { jsonResponse, mockFetch } from '../testing/fetch-mock';
import { createQueryClient } from './query-client';

/** Data Management writes through the app's own QueryClient: which cached reads does each make stale? */

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
const keys: Record<string, QueryKey> = {
  parentPage0: dmQueries.folderContents({
    projectId: 'p',
    folderId: 'parent',
    page: 0,
    type: 'all',
    includeHidden: false,
  }).queryKey,
  parentTree: dmQueries.folderContents({
    projectId: 'p',
    folderId: 'parent',
    page: 0,
    type: 'folders',
    includeHidden: false,
  }).queryKey,
  parentHidden: dmQueries.folderContents({
    projectId: 'p',
    folderId: 'parent',
    page: 3,
    type: 'all',
    includeHidden: true,
  }).queryKey,
  parentFolder: dmQueries.folder({ projectId: 'p', folderId: 'parent' }).queryKey,
  topFolders: dmQueries.topFolders('h', 'p').queryKey,
  child: dmQueries.folder({ projectId: 'p', folderId: 'child' }).queryKey,
  sibling: dmQueries.folderContents({ projectId: 'p', folderId: 'sibling', page: 0, type: 'all', includeHidden: false })
    .queryKey,
  otherProject: dmQueries.folderContents({
    projectId: 'q',
    folderId: 'parent',
    page: 0,
    type: 'all',
    includeHidden: false,
  }).queryKey,
  hubs: dmQueries.hubs().queryKey,
};

function cacheEverything() {
  const queryClient = createQueryClient({ notify: vi.fn() });
  for (const key of Object.values(keys)) queryClient.setQueryData(key, {});
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { queryClient, stale };
}

describe('Data Management mutations', () => {
  it('creating a folder posts JSON:API and makes the parent’s listings, counts and the top folders stale', async () => {
    const mock = serve(() => jsonResponse(envelope(folder('child', 'Models', 'parent')), { status: 201 }));
    const { queryClient, stale } = cacheEverything();
    await queryClient.getMutationCache().build(queryClient, dmMutations.createFolder(parent)).execute('Models');

    expect(mock.calls[0]?.method).toBe('POST');
    expect(mock.calls[0]?.url.pathname).toBe('/data/v1/projects/p/folders');
    expect(mock.calls[0]?.headers.get('Content-Type')).toBe('application/vnd.api+json');
    expect(JSON.parse(mock.calls[0]?.body ?? '')).toMatchObject({
      data: {
        type: 'folders',
        attributes: { name: 'Models', extension: { type: 'folders:autodesk.core:Folder' } },
        relationships: { parent: { data: { type: 'folders', id: 'parent' } } },
      },
    });
    expect(stale().sort()).toEqual(['parentFolder', 'parentHidden', 'parentPage0', 'parentTree', 'topFolders']);
  });

  it('renaming a folder also makes the folder itself stale', async () => {
    serve(() => jsonResponse(envelope(folder('child', 'Renamed', 'parent'))));
    const { queryClient, stale } = cacheEverything();
    await queryClient
      .getMutationCache()
      .build(queryClient, dmMutations.updateFolder({ projectId: 'p', folderId: 'child' }, parent))
      .execute({ name: 'Renamed' });
    expect(stale().sort()).toEqual([
      'child',
      'parentFolder',
      'parentHidden',
      'parentPage0',
      'parentTree',
      'topFolders',
    ]);
  });

  it('a taken name fails with the platform’s 409 and leaves the cache alone', async () => {
    serve(() =>
      jsonResponse(
        {
          jsonapi: { version: '1.0' },
          errors: [
            {
              id: '1',
              status: '409',
              code: 'CONFLICT',
              title: 'Conflict',
              detail: 'Another object with the same name already exists in this container',
            },
          ],
        },
        { status: 409 },
      ),
    );
    const { queryClient, stale } = cacheEverything();
    const failure = await queryClient
      .getMutationCache()
      .build(queryClient, dmMutations.createFolder(parent))
      .execute('Models')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'Another object with the same name already exists in this container',
    });
    expect(stale()).toEqual([]);
  });
});
