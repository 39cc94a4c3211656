import { describe, expect, it, vi } from 'vitest';
import type { InspectedRequestList, InspectedRequestSummary } from '../../../contracts/request-inspector';
import { createTestQueryClient } from '../../testing/render';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { configureHttp } from '../http';
import { inspectorQueries, mergeNewer } from './queries';

const entry = (id: number) => ({ id }) as InspectedRequestSummary;
const list = (ids: number[], latestId: number, clearedThrough = 0): InspectedRequestList => ({
  requests: ids.map(entry),
  latestId,
  clearedThrough,
});

describe('inspectorQueries.list', () => {
  it('puts newer requests on top and drops those a clear removed', () => {
    expect(mergeNewer(list([2, 1], 2), list([4, 3], 4)).requests.map((e) => e.id)).toEqual([4, 3, 2, 1]);
    expect(mergeNewer(list([2, 1], 2), list([3], 3, 2)).requests.map((e) => e.id)).toEqual([3]);
  });

  it('asks for what came after what it holds, and for everything again after a restart', async () => {
    const answers = [list([2, 1], 2), list([3], 3), list([1], 1)];
    const mock = mockFetch(() => jsonResponse(answers.shift() ?? list([1], 1)));
    configureHttp({
      baseUrl: 'http://platform.test',
      fetch: mock.fetch,
      getAccessToken: () => 'token',
      refreshAccessToken: vi.fn(() => Promise.resolve(null)),
      onSessionExpired: vi.fn(),
    });
    const client = createTestQueryClient();
    const options = inspectorQueries.list({ service: 'oss' });
    expect((await client.fetchQuery(options)).requests).toHaveLength(2);
    await client.refetchQueries({ queryKey: options.queryKey });
    expect(client.getQueryData(options.queryKey)?.requests.map((e) => e.id)).toEqual([3, 2, 1]);
    // The platform restarted: its ids began again, so what is held is dropped for a whole new list.
    await client.refetchQueries({ queryKey: options.queryKey });
    expect(client.getQueryData(options.queryKey)?.requests.map((e) => e.id)).toEqual([1]);
    const since = mock.calls.map((call) => call.url.searchParams.get('since'));
    expect(since).toEqual([null, '2', '3', null]);
    expect(mock.calls.every((call) => call.url.searchParams.get('service') === 'oss')).toBe(true);
  });
});
