import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../api/http';
import { runMutation } from '../api/run-mutation';
import { webhooksMutations } from '../api/webhooks/mutations';
import { webhooksQueries } from '../api/webhooks/queries';
import type { HookRef } from '../api/webhooks/requests';
import { jsonResponse, mockFetch } from '../testing/fetch-mock';
import { createQueryClient } from './query-client';

/** Webhooks writes through the app's own QueryClient: which cached reads does each make stale, or drop? */

function serve() {
  const mock = mockFetch((call) =>
    call.url.pathname.endsWith('/systems/data/hooks')
      ? jsonResponse({ hooks: [] }, { status: 201 })
      : new Response(null, { status: 204 }),
  );
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
  hooksUS: webhooksQueries.hooks('US').queryKey,
  hooksEMEA: webhooksQueries.hooks('EMEA').queryKey,
  deliveriesA: webhooksQueries.deliveries('a').queryKey,
  deliveryA: webhooksQueries.delivery('a', 'd1').queryKey,
  whyA: webhooksQueries.why('a', 'e1').queryKey,
  deliveriesB: webhooksQueries.deliveries('b').queryKey,
  events: webhooksQueries.events().queryKey,
};

function cacheEverything() {
  const queryClient = createQueryClient({ notify: vi.fn() });
  for (const key of Object.values(keys)) queryClient.setQueryData(key, {});
  const named = (test: (key: QueryKey) => boolean) =>
    Object.entries(keys)
      .filter(([, key]) => test(key))
      .map(([name]) => name);
  return {
    queryClient,
    stale: () => named((key) => queryClient.getQueryState(key)?.isInvalidated === true),
    gone: () => named((key) => queryClient.getQueryState(key) === undefined),
  };
}

const ref: HookRef = { region: 'US', system: 'data', event: 'dm.version.added', hookId: 'a' };

describe('webhooksQueries keys', () => {
  it('go from generic to specific and hold every input', () => {
    expect(webhooksQueries.hooks('EMEA').queryKey).toEqual(['webhooks', 'hooks', { region: 'EMEA' }]);
    expect(webhooksQueries.deliveries('a', 10).queryKey).toEqual([
      'webhooks',
      'hook',
      { hookId: 'a' },
      'deliveries',
      { limit: 10 },
    ]);
    expect(webhooksQueries.delivery('a', 'd').queryKey).toEqual([
      'webhooks',
      'hook',
      { hookId: 'a' },
      'delivery',
      { deliveryId: 'd' },
    ]);
    expect(webhooksQueries.why('a', 'e').queryKey).toEqual([
      'webhooks',
      'hook',
      { hookId: 'a' },
      'why',
      { eventId: 'e' },
    ]);
  });
});

describe('webhooks mutations', () => {
  it('creating a hook makes its region’s list stale, not another region’s, nor any deliveries', async () => {
    serve();
    const { queryClient, stale } = cacheEverything();
    await runMutation(
      queryClient,
      webhooksMutations.createHook({ region: 'US', system: 'data', event: 'dm.version.added' }),
      { callbackUrl: 'http://x', scope: { folder: 'f' } },
    );
    expect(stale()).toEqual(['hooksUS']);
  });

  it('creating a system’s hooks posts once and makes that region’s list stale', async () => {
    const mock = serve();
    const { queryClient, stale } = cacheEverything();
    await runMutation(queryClient, webhooksMutations.createSystemHooks({ region: 'EMEA', system: 'data' }), {
      callbackUrl: 'http://x',
      scope: { folder: 'f' },
    });
    expect(mock.calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /webhooks/v1/systems/data/hooks',
    ]);
    expect(stale()).toEqual(['hooksEMEA']);
  });

  it('patching a hook makes the list and what the platform says of that hook stale', async () => {
    serve();
    const { queryClient, stale } = cacheEverything();
    await runMutation(queryClient, webhooksMutations.patchHook(ref), { status: 'inactive' });
    expect(stale()).toEqual(['hooksUS', 'deliveriesA', 'deliveryA', 'whyA']);
  });

  it('deleting a hook drops its deliveries (a refetch could only fail) and makes the list stale', async () => {
    serve();
    const { queryClient, stale, gone } = cacheEverything();
    await runMutation(queryClient, webhooksMutations.deleteHook(ref), undefined);
    expect(gone()).toEqual(['deliveriesA', 'deliveryA', 'whyA']);
    expect(stale()).toEqual(['hooksUS']);
  });

  it('redelivering, retrying and sending a test make only that hook’s deliveries stale; a secret change nothing', async () => {
    const mock = serve();
    const { queryClient, stale } = cacheEverything();
    await runMutation(queryClient, webhooksMutations.setSecret('US'), { kind: 'delete' });
    expect(stale()).toEqual([]);
    await runMutation(queryClient, webhooksMutations.sendTest('a'), undefined);
    expect(stale()).toEqual(['deliveriesA']);
    await runMutation(queryClient, webhooksMutations.redeliver('a'), 'd1');
    expect(stale()).toEqual(['deliveriesA']);
    await runMutation(queryClient, webhooksMutations.retryNow('a'), 'd1');
    expect(stale()).toEqual(['deliveriesA', 'deliveryA']);
    expect(mock.calls.slice(1).map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /_platform/webhooks/hooks/a/test',
      'POST /_platform/webhooks/deliveries/d1/redeliver',
      'POST /_platform/webhooks/deliveries/d1/retry',
    ]);
  });
});
