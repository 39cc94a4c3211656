import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { HubsResponse } from '../../../contracts/data-management';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { configureHttp } from '../http';
import { dmQueries } from './queries';

const hubs: HubsResponse = { jsonapi: { version: '1.0' }, links: { self: { href: 'http://p/project/v1/hubs' } }, data: [] };

describe('dmQueries', () => {
  it('builds keys from generic to specific', () => {
    expect(dmQueries.all()).toEqual(['dm']);
    expect(dmQueries.hubs().queryKey).toEqual(['dm', 'hubs']);
    expect(dmQueries.hubs().queryKey.slice(0, 1)).toEqual(dmQueries.all());
  });

  it('lets invalidating ["dm"] reach the hubs query', async () => {
    const mock = mockFetch(() => jsonResponse(hubs));
    configureHttp({
      baseUrl: 'http://p',
      fetch: mock.fetch,
      getAccessToken: () => 't',
      refreshAccessToken: vi.fn(() => Promise.resolve(null)),
      onSessionExpired: vi.fn(),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.fetchQuery(dmQueries.hubs());
    expect(mock.calls[0]?.url.pathname).toBe('/project/v1/hubs');

    await client.invalidateQueries({ queryKey: dmQueries.all() });
    expect(client.getQueryState(dmQueries.hubs().queryKey)?.isInvalidated).toBe(true);
  });
});
