import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http';
import { createQueryClient } from './query-client';

function apiError(status: number, message = 'Service unavailable') {
  return new ApiError({ status, code: null, message, requestId: null, body: '', method: 'GET', url: '/x' });
}

describe('createQueryClient', () => {
  it('invalidates exactly the keys a mutation declares', async () => {
    const client = createQueryClient({ notify: vi.fn() });
    client.setQueryData(['dm', 'hubs'], []);
    client.setQueryData(['dm', 'projects', { hubId: 'a' }], []);
    client.setQueryData(['oss', 'buckets'], []);

    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.resolve('ok'), meta: { invalidates: [['dm', 'projects']] } })
      .execute(undefined);

    const invalidated = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(['dm', 'projects', { hubId: 'a' }])).toBe(true);
    expect(invalidated(['dm', 'hubs'])).toBe(false);
    expect(invalidated(['oss', 'buckets'])).toBe(false);
  });

  it('drops what a mutation destroyed without refetching it, so no stale "not found" toast follows', async () => {
    const notify = vi.fn();
    const client = createQueryClient({ notify });
    const queryFn = vi.fn(() => Promise.reject(apiError(404, 'Bucket not found')));
    // Watched, as the bucket's page watches it while the delete runs.
    const observer = new QueryObserver(client, { queryKey: ['oss', 'bucket', { bucketKey: 'a' }], queryFn });
    client.setQueryData(['oss', 'bucket', { bucketKey: 'a' }], { bucketKey: 'a' });
    const unsubscribe = observer.subscribe(() => undefined);

    await client
      .getMutationCache()
      .build(client, {
        mutationFn: () => Promise.resolve('ok'),
        meta: { removes: [['oss', 'bucket', { bucketKey: 'a' }]] },
      })
      .execute(undefined);
    unsubscribe();

    expect(client.getQueryState(['oss', 'bucket', { bucketKey: 'a' }])).toBeUndefined();
    expect(queryFn).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('reports a failure behind data already on screen as a toast', async () => {
    const notify = vi.fn();
    const client = createQueryClient({ notify });
    client.setQueryData(['dm', 'hubs'], ['cached']);
    await client.prefetchQuery({
      queryKey: ['dm', 'hubs'],
      queryFn: () => Promise.reject(apiError(503)),
      retry: false,
      staleTime: 0,
    });
    expect(notify).toHaveBeenCalledWith({
      tone: 'error',
      title: 'Could not refresh data',
      message: 'Service unavailable',
    });
  });

  it('leaves first-load failures and ended sessions to the page', async () => {
    const notify = vi.fn();
    const client = createQueryClient({ notify });
    await client.prefetchQuery({ queryKey: ['first'], queryFn: () => Promise.reject(apiError(503)), retry: false });
    client.setQueryData(['cached'], 1);
    await client.prefetchQuery({
      queryKey: ['cached'],
      queryFn: () => Promise.reject(apiError(401)),
      retry: false,
      staleTime: 0,
    });
    expect(notify).not.toHaveBeenCalled();
  });

  it('retries only failures that may pass on their own', () => {
    const client = createQueryClient({ notify: vi.fn() });
    const retry = client.getDefaultOptions().queries?.retry;
    if (typeof retry !== 'function') throw new Error('expected a retry function');
    expect(retry(0, apiError(503))).toBe(true);
    expect(retry(0, apiError(0))).toBe(true);
    expect(retry(2, apiError(503))).toBe(false);
    expect(retry(0, apiError(404))).toBe(false);
    expect(retry(0, new Error('bug'))).toBe(false);
  });
});
