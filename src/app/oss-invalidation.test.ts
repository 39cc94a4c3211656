import { type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../api/http';
import { ossMutations } from '../api/oss/mutations';
import { ossQueries } from '../api/oss/queries';
import { jsonResponse, mockFetch } from '../testing/fetch-mock';
import { createQueryClient } from './query-client';

/** OSS writes through the app's own QueryClient: which cached reads does each make stale? */

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

const keys: Record<string, QueryKey> = {
  bucketsFirst: ossQueries.buckets().queryKey,
  bucketsLater: ossQueries.buckets('cursor').queryKey,
  detailsA: ossQueries.bucketDetails('a').queryKey,
  objectsA: ossQueries.objects({ bucketKey: 'a', beginsWith: '' }).queryKey,
  objectsAPrefixed: ossQueries.objects({ bucketKey: 'a', beginsWith: 'models/', startAt: 'x' }).queryKey,
  detailsB: ossQueries.bucketDetails('b').queryKey,
  objectsB: ossQueries.objects({ bucketKey: 'b', beginsWith: '' }).queryKey,
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

describe('ossQueries keys', () => {
  it('go from generic to specific and hold every input', () => {
    expect(ossQueries.buckets('c').queryKey).toEqual(['oss', 'buckets', { startAt: 'c' }]);
    expect(ossQueries.bucketDetails('a').queryKey).toEqual(['oss', 'bucket', { bucketKey: 'a' }, 'details']);
    expect(ossQueries.objects({ bucketKey: 'a', beginsWith: 'm/', startAt: 'k' }).queryKey).toEqual([
      'oss',
      'bucket',
      { bucketKey: 'a' },
      'objects',
      { beginsWith: 'm/', startAt: 'k' },
    ]);
  });
});

describe('OSS mutations', () => {
  it('creating a bucket posts in the US region and makes every page of the bucket list stale, nothing else', async () => {
    const mock = serve(() =>
      jsonResponse({ bucketKey: 'c', bucketOwner: 'o', createdDate: 1, permissions: [], policyKey: 'transient' }),
    );
    const { queryClient, stale } = cacheEverything();
    await queryClient
      .getMutationCache()
      .build(queryClient, ossMutations.createBucket())
      .execute({ bucketKey: 'c', policyKey: 'transient' });
    expect(mock.calls[0]?.method).toBe('POST');
    expect(mock.calls[0]?.headers.get('x-ads-region')).toBe('US');
    expect(JSON.parse(mock.calls[0]?.body ?? '')).toEqual({ bucketKey: 'c', policyKey: 'transient' });
    expect(stale()).toEqual(['bucketsFirst', 'bucketsLater']);
  });

  it('deleting a bucket drops everything of that bucket (no refetch to fail), and makes the bucket list stale', async () => {
    const mock = serve(() => new Response(null, { status: 200 }));
    const { queryClient, stale } = cacheEverything();
    await queryClient.getMutationCache().build(queryClient, ossMutations.deleteBucket('a')).execute(undefined);
    expect(mock.calls).toHaveLength(1);
    expect(mock.calls[0]?.method).toBe('DELETE');
    expect(mock.calls[0]?.url.pathname).toBe('/oss/v2/buckets/a');
    expect(stale()).toEqual(['bucketsFirst', 'bucketsLater']);
    const cached = Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key) !== undefined)
      .map(([name]) => name);
    expect(cached).toEqual(['bucketsFirst', 'bucketsLater', 'detailsB', 'objectsB']);
  });

  it('deleting an object makes every listing of its bucket stale, and keeps the details and bucket list', async () => {
    const mock = serve(() => new Response(null, { status: 200 }));
    const { queryClient, stale } = cacheEverything();
    await queryClient
      .getMutationCache()
      .build(queryClient, ossMutations.deleteObject('a'))
      .execute('models/house v3.ifc');
    expect(mock.calls[0]?.url.pathname).toBe('/oss/v2/buckets/a/objects/models%2Fhouse%20v3.ifc');
    expect(stale()).toEqual(['objectsA', 'objectsAPrefixed']);
  });
});
