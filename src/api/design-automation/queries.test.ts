import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inOrder, jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { createTestQueryClient } from '../../testing/render';
import { configureHttp } from '../http';
import { daMutations } from './mutations';
import { daQueries } from './queries';

afterEach(() => vi.useRealTimers());

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

describe('daQueries keys', () => {
  it('go from generic to specific, so one item or one kind is invalidated at once', () => {
    expect(daQueries.nickname().queryKey).toEqual(['da', 'nickname']);
    expect(daQueries.engines().queryKey).toEqual(['da', 'engines']);
    expect(daQueries.engine('Local.Test+1').queryKey).toEqual(['da', 'engine', { id: 'Local.Test+1' }]);
    expect(daQueries.ids('activities').queryKey).toEqual(['da', 'activities', 'ids']);
    expect(daQueries.details('appbundles', 'O', 'N', 'prod').queryKey).toEqual([
      'da',
      'appbundles',
      'item',
      { owner: 'O', name: 'N' },
      'alias',
      { alias: 'prod' },
    ]);
    expect(daQueries.versions('activities', 'O', 'N').queryKey).toEqual([
      'da',
      'activities',
      'item',
      { owner: 'O', name: 'N' },
      'versions',
    ]);
    expect(daQueries.version('activities', 'O', 'N', 2).queryKey).toEqual([
      'da',
      'activities',
      'item',
      { owner: 'O', name: 'N' },
      'version',
      { version: 2 },
    ]);
    expect(daQueries.aliases('appbundles', 'O', 'N').queryKey).toEqual([
      'da',
      'appbundles',
      'item',
      { owner: 'O', name: 'N' },
      'aliases',
    ]);
    expect(daQueries.workItem('w', 0).queryKey).toEqual(['da', 'workitem', { id: 'w' }, 'status']);
    expect(daQueries.report('w', 'http://p/r').queryKey).toEqual(['da', 'workitem', { id: 'w' }, 'report']);
  });

  it('writes make their kind stale (its list names every alias), and never the other kind', () => {
    expect(daMutations.createAppBundle().meta?.['invalidates']).toEqual([['da', 'appbundles']]);
    expect(daMutations.createActivityVersion('O', 'N').meta?.['invalidates']).toEqual([['da', 'activities']]);
    expect(daMutations.saveAlias('appbundles', 'O', 'N').meta?.['invalidates']).toEqual([['da', 'appbundles']]);
    expect(daMutations.deleteItem('activities', 'O', 'N').meta?.['invalidates']).toEqual([['da', 'activities', 'ids']]);
    expect(daMutations.cancelWorkItem('w').meta?.['invalidates']).toEqual([['da', 'workitem', { id: 'w' }]]);
  });
});

describe('requests through the options', () => {
  it('reads every page of a list, following paginationToken until null', async () => {
    const mock = serve(
      inOrder(
        () => jsonResponse({ paginationToken: 'abc', data: ['A.B+prod'] }),
        () => jsonResponse({ paginationToken: null, data: ['A.B+$LATEST'] }),
      ),
    );
    const ids = await createTestQueryClient().fetchQuery(daQueries.ids('appbundles'));
    expect(ids).toEqual(['A.B+prod', 'A.B+$LATEST']);
    expect(mock.calls.map((call) => `${call.url.pathname}${call.url.search}`)).toEqual([
      '/da/us-east/v3/appbundles',
      '/da/us-east/v3/appbundles?page=abc',
    ]);
    expect(mock.calls[0]?.headers.get('Authorization')).toBe('Bearer t');
  });

  it('reads the nickname as the bare string or from the record', async () => {
    serve(() => jsonResponse('DesignDataManager'));
    await expect(createTestQueryClient().fetchQuery(daQueries.nickname())).resolves.toBe('DesignDataManager');
    serve(() => jsonResponse({ nickname: 'Other', publicKey: { Exponent: 'e', Modulus: 'm' } }));
    await expect(createTestQueryClient().fetchQuery(daQueries.nickname())).resolves.toBe('Other');
  });

  it('encodes + and $ of a qualified id in the path', async () => {
    const mock = serve(() => jsonResponse({ id: 'O.N+$LATEST', engine: 'Local.Test+1', version: 1, commandLine: [] }));
    await createTestQueryClient().fetchQuery(daQueries.details('activities', 'O', 'N', '$LATEST'));
    expect(mock.calls[0]?.url.pathname).toBe('/da/us-east/v3/activities/O.N%2B%24LATEST');
  });

  it('moving an alias PATCHes its version; a new one is POSTed', async () => {
    const mock = serve(() => jsonResponse({ id: 'prod', version: 2 }));
    const client = createTestQueryClient();
    const save = daMutations.saveAlias('appbundles', 'O', 'N').mutationFn!;
    await save({ alias: { id: 'prod', version: 2 }, existing: true }, undefined as never);
    await save({ alias: { id: 'beta', version: 1 }, existing: false }, undefined as never);
    expect(mock.calls.map((call) => [call.method, call.url.pathname, call.body])).toEqual([
      ['PATCH', '/da/us-east/v3/appbundles/N/aliases/prod', '{"version":2}'],
      ['POST', '/da/us-east/v3/appbundles/N/aliases', '{"id":"beta","version":1}'],
    ]);
    client.clear();
  });

  it('a bare-string 404 and a field-map 400 become errors in the service’s words', async () => {
    serve(() => jsonResponse('Cannot modify alias that does not exist.', { status: 404 }));
    await expect(createTestQueryClient().fetchQuery(daQueries.aliases('activities', 'O', 'N'))).rejects.toMatchObject({
      status: 404,
      message: 'Cannot modify alias that does not exist.',
    });
    serve(() => jsonResponse({ commandLine: ['Variables that expand to paths must be quoted.'] }, { status: 400 }));
    await expect(createTestQueryClient().fetchQuery(daQueries.ids('activities'))).rejects.toMatchObject({
      message: 'commandLine: Variables that expand to paths must be quoted.',
    });
  });
});

describe('workitem polling', () => {
  it('asks a quarter-second apart at first while live, and stops once the workitem has ended', async () => {
    vi.useFakeTimers();
    let asked = 0;
    const mock = serve(() => {
      asked += 1;
      return jsonResponse({
        id: 'w',
        status: asked < 3 ? 'inprogress' : 'success',
        stats: { timeQueued: '2026-01-01T00:00:00.0000000Z' },
      });
    });
    const client = createTestQueryClient();
    const observer = new QueryObserver(client, daQueries.workItem('w', Date.now()));
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(mock.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(249);
    expect(mock.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(mock.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(250);
    expect(mock.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(mock.calls).toHaveLength(3);
    expect(observer.getCurrentResult().data?.status).toBe('success');
    unsubscribe();
  });

  it('fetches report.txt without the bearer token: its URL is signed', async () => {
    const mock = serve(() => new Response('[01/01/2026 00:00:00] Starting work item w'));
    const text = await createTestQueryClient().fetchQuery(
      daQueries.report('w', 'http://p/da/store/workItem/O/w/report.txt?sig=1'),
    );
    expect(text).toContain('Starting work item');
    expect(mock.calls[0]?.headers.get('Authorization')).toBeNull();
  });
});
