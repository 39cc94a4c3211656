import { describe, expect, it, vi } from 'vitest';
import type { Location, RouteObject } from 'react-router-dom';
import { dmQueries } from '../api/data-management/queries';
import { sessionActions } from '../features/auth/session-store';
import { createTestQueryClient, testConfig } from '../testing/render';
import { createPrefetcher } from './route-prefetch';
import { createRoutes } from './routes';

const at = (pathname: string, search = ''): Location => ({ pathname, search, hash: '', state: null, key: pathname });

describe('createPrefetcher', () => {
  it('runs the matched routes’ prefetches with their params and the address, once per address', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    const routes: RouteObject[] = [
      {
        path: 'hubs/:hubId',
        handle: { prefetch: outer },
        children: [{ path: 'projects/:projectId', handle: { prefetch: inner } }],
      },
    ];
    const prefetchFor = createPrefetcher(routes);

    prefetchFor(at('/hubs/h1/projects/p1', '?q=plan'));
    prefetchFor(at('/hubs/h1/projects/p1', '?q=plan'));
    expect(inner).toHaveBeenCalledTimes(1);
    expect(inner.mock.calls[0]![0]).toMatchObject({ hubId: 'h1', projectId: 'p1' });
    expect((inner.mock.calls[0]![1] as URL).searchParams.get('q')).toBe('plan');
    expect(outer).toHaveBeenCalledTimes(1);

    prefetchFor(at('/hubs/h1/projects/p1', '?q=section'));
    expect(inner).toHaveBeenCalledTimes(2);
    prefetchFor(at('/elsewhere'));
    expect(inner).toHaveBeenCalledTimes(2);
  });

  it('starts a folder’s first contents page and the folder, as its page will ask for them, when signed in', () => {
    const queryClient = createTestQueryClient();
    const prefetchQuery = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue(undefined);
    const prefetchFor = createPrefetcher(createRoutes(testConfig, queryClient));
    const folder = { projectId: 'a.project', folderId: 'urn:f1' };

    sessionActions.signedOut();
    prefetchFor(at(`/hubs/a.hub/projects/a.project/folders/${encodeURIComponent('urn:f1')}`));
    expect(prefetchQuery).not.toHaveBeenCalled();

    sessionActions.signedIn({ access_token: 'access-1', token_type: 'Bearer', expires_in: 3600 });
    prefetchFor(at(`/hubs/a.hub/projects/a.project/folders/${encodeURIComponent('urn:f1')}`, '?hidden=1'));
    const keys = prefetchQuery.mock.calls.map(([options]) => JSON.stringify(options.queryKey));
    expect(keys).toEqual([
      JSON.stringify(
        dmQueries.folderContents({ ...folder, page: 0, type: 'all', includeHidden: true, nameContains: '' }).queryKey,
      ),
      JSON.stringify(dmQueries.folder(folder).queryKey),
    ]);
    sessionActions.signedOut();
  });
});
