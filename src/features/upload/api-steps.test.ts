import { MutationCache, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { dmQueries } from '../../api/data-management/queries';
import { configureHttp } from '../../api/http';
import { envelope, folder, item, PLATFORM, version } from '../../testing/dm-fixtures';
import { jsonResponse, mockFetch, type RecordedCall } from '../../testing/fetch-mock';
import { apiSteps } from './api-steps';
import type { FolderTarget } from './upload-store';

const target: FolderTarget = {
  kind: 'folder',
  hubId: 'hub',
  projectId: 'p',
  folderId: 'root',
  path: ['Site', 'Photos'],
  asVersion: false,
  onConflict: 'new-version',
};

function setup(respond: (call: RecordedCall) => Response) {
  const mock = mockFetch(respond);
  configureHttp({
    baseUrl: PLATFORM,
    fetch: mock.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: vi.fn(() => Promise.resolve(null)),
    onSessionExpired: vi.fn(),
  });
  const invalidated: unknown[] = [];
  // As the app's MutationCache handler does: what a write declares stale is invalidated.
  const queryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) =>
        void invalidated.push(...(mutation.meta?.invalidates ?? [])),
    }),
  });
  return { mock, steps: apiSteps(queryClient), invalidated };
}

const signal = () => new AbortController().signal;

describe('apiSteps', () => {
  it('finds existing sub-folders of a dropped folder and creates the missing ones, once for many files', async () => {
    const { mock, steps } = setup((call) => {
      if (call.method === 'POST') return jsonResponse(envelope(folder('photos', 'Photos', 'site')), { status: 201 });
      if (call.url.pathname.endsWith('/root/contents')) return jsonResponse(envelope([folder('site', 'Site', 'root')]));
      return jsonResponse(envelope([]));
    });
    const [first, second] = await Promise.all([
      steps.resolveFolder(target, signal()),
      steps.resolveFolder(target, signal()),
    ]);
    expect([first, second]).toEqual(['photos', 'photos']);
    const posts = mock.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]?.body ?? '{}')).toMatchObject({
      data: { attributes: { name: 'Photos' }, relationships: { parent: { data: { id: 'site' } } } },
    });
  });

  it('reads every page of a folder’s item names', async () => {
    const { steps } = setup((call) =>
      call.url.searchParams.get('page[number]') === '1'
        ? jsonResponse(envelope([item('i2', 'B.txt', 'root')]))
        : jsonResponse(envelope([item('i1', 'a.txt', 'root')], { next: `${PLATFORM}/next` })),
    );
    expect([...(await steps.itemsByName('p', 'root', signal())).entries()]).toEqual([
      ['a.txt', 'i1'],
      ['b.txt', 'i2'],
    ]);
  });

  it('creates the item and a version through mutations that name the folder listing stale', async () => {
    const { steps, invalidated } = setup((call) =>
      call.url.pathname.endsWith('/items')
        ? jsonResponse(envelope(item('i1', 'a.txt', 'root'), { included: [version('i1', 'a.txt', 1)] }), {
            status: 201,
          })
        : jsonResponse(envelope(version('i1', 'a.txt', 2)), { status: 201 }),
    );
    expect(await steps.createItem(target, 'root', 'a.txt', 'urn:storage', signal())).toEqual({
      itemId: 'i1',
      versionId: 'i1?version=1',
      versionNumber: 1,
    });
    expect(await steps.createVersion(target, 'root', 'i1', 'a.txt', 'urn:storage', signal())).toEqual({
      itemId: 'i1',
      versionId: 'i1?version=2',
      versionNumber: 2,
    });
    expect(invalidated).toContainEqual(dmQueries.folderContentsScope({ projectId: 'p', folderId: 'root' }));
  });
});
