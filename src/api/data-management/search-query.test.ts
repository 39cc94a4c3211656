import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { envelope, item, version } from '../../testing/dm-fixtures';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { configureHttp } from '../http';
import { dmQueries } from './queries';

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
const search = { projectId: 'b.p', folderId: 'urn:adsk.wipprod:fs.folder:co.f', nameContains: ['tower', 'Tower'] };

describe('dmQueries.folderSearch', () => {
  it('keys every input under dm, from generic to specific', () => {
    expect(dmQueries.folderSearch(search).queryKey).toEqual(['dm', 'folder-search', { ...search, page: 0 }]);
    expect(dmQueries.folderSearch({ ...search, page: 2 }).queryKey[2]).toMatchObject({ page: 2 });
  });

  it('asks the folder search with the spellings as comma-separated alternatives and gives its versions and items', async () => {
    const found = envelope([version('urn:i', 'Tower.ifc', 2)], {
      included: [item('urn:i', 'Tower.ifc', search.folderId, 2)],
    });
    const mock = serve(() => jsonResponse(found));
    const result = await client().fetchQuery(dmQueries.folderSearch(search));
    const call = mock.calls[0]!;
    expect(call.url.pathname).toBe(`/data/v1/projects/b.p/folders/${encodeURIComponent(search.folderId)}/search`);
    expect(call.url.searchParams.get('filter[displayName]-contains')).toBe('tower,Tower');
    expect(call.url.searchParams.get('page[number]')).toBe('0');
    expect(result.data[0]!.attributes.name).toBe('Tower.ifc');
    expect(result.included?.[0]!.id).toBe('urn:i');
  });

  it('aborts the request when the query is cancelled, as a newer search replaces it', async () => {
    let seen: AbortSignal | undefined;
    const never = new Promise<Response>(() => {});
    configureHttp({
      baseUrl: 'http://p',
      fetch: (_input, init) => {
        seen = init?.signal ?? undefined;
        return never;
      },
      getAccessToken: () => 't',
      refreshAccessToken: vi.fn(() => Promise.resolve(null)),
      onSessionExpired: vi.fn(),
    });
    const queryClient = client();
    const pending = queryClient.fetchQuery(dmQueries.folderSearch(search)).catch(() => undefined);
    await vi.waitFor(() => expect(seen).toBeDefined());
    await queryClient.cancelQueries({ queryKey: dmQueries.folderSearch(search).queryKey });
    await pending;
    expect(seen!.aborted).toBe(true);
  });
});
