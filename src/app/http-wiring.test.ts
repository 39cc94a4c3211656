import { beforeEach, describe, expect, it } from 'vitest';
import { dmQueries } from '../api/data-management/queries';
import { getSession, sessionActions } from '../features/auth/session-store';
import { jsonResponse, mockFetch, type RecordedCall } from '../testing/fetch-mock';
import { createTestQueryClient, testConfig } from '../testing/render';
import { wireHttp } from './http-wiring';

const hubs = { jsonapi: { version: '1.0' }, links: { self: { href: '' } }, data: [] };

function platform(token: (call: RecordedCall) => Response) {
  return mockFetch((call) => {
    if (call.url.pathname === '/authentication/v2/token') return token(call);
    return call.headers.get('Authorization') === 'Bearer fresh'
      ? jsonResponse(hubs)
      : new Response('', { status: 401 });
  });
}

beforeEach(() => {
  sessionActions.signedIn({
    access_token: 'stale',
    token_type: 'Bearer',
    expires_in: 3600,
    refresh_token: 'refresh-1',
  });
});

describe('wireHttp', () => {
  it('renews an expired access token with the refresh token and carries on', async () => {
    const mock = platform(() => jsonResponse({ access_token: 'fresh', token_type: 'Bearer', expires_in: 3600 }));
    wireHttp(testConfig, mock.fetch);

    await expect(createTestQueryClient().fetchQuery(dmQueries.hubs())).resolves.toEqual(hubs);
    expect(getSession()).toMatchObject({ accessToken: 'fresh', refreshToken: 'refresh-1' });
    const tokenCall = mock.calls.find((call) => call.url.pathname === '/authentication/v2/token');
    expect(Object.fromEntries(new URLSearchParams(tokenCall?.body ?? ''))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
      client_id: testConfig.clientId,
    });
  });

  it('ends the session when the platform refuses to renew it', async () => {
    const mock = platform(() =>
      jsonResponse({ error: 'invalid_grant', error_description: 'Refresh token revoked' }, { status: 400 }),
    );
    wireHttp(testConfig, mock.fetch);

    await expect(createTestQueryClient().fetchQuery(dmQueries.hubs())).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(mock.calls.filter((call) => call.url.pathname === '/project/v1/hubs')).toHaveLength(1);
  });

  it('keeps the session when the platform cannot be reached while renewing', async () => {
    const mock = mockFetch((call) =>
      call.url.pathname === '/authentication/v2/token'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : new Response('', { status: 401 }),
    );
    wireHttp(testConfig, mock.fetch);
    await expect(createTestQueryClient().fetchQuery(dmQueries.hubs())).rejects.toMatchObject({ status: 0 });
    expect(getSession()).not.toBeNull();
  });
});
