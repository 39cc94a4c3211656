import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { configureHttp } from '../http';
import { exchangeCode, getOpenIdConfiguration, refreshToken, revokeToken } from './requests';

const tokens = { access_token: 'a', token_type: 'Bearer', expires_in: 3600, refresh_token: 'r' };
let mock: ReturnType<typeof mockFetch>;

function useFetch(respond: Parameters<typeof mockFetch>[0]) {
  mock = mockFetch(respond);
  configureHttp({
    baseUrl: 'http://platform.test',
    fetch: mock.fetch,
    getAccessToken: () => 'should-not-be-sent',
    refreshAccessToken: vi.fn(() => Promise.resolve(null)),
    onSessionExpired: vi.fn(),
  });
}

beforeEach(() => useFetch(() => jsonResponse(tokens)));

const signal = new AbortController().signal;

function sentForm() {
  const call = mock.calls[0];
  expect(call?.method).toBe('POST');
  expect(call?.headers.get('Authorization')).toBeNull();
  expect(call?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
  return { path: call?.url.pathname, form: Object.fromEntries(new URLSearchParams(call?.body ?? '')) };
}

describe('authentication requests', () => {
  it('exchanges an authorization code with the PKCE verifier', async () => {
    const input = {
      clientId: 'spa',
      code: 'c1',
      redirectUri: 'http://app.test/auth/callback',
      codeVerifier: 'v'.repeat(43),
    };
    await expect(exchangeCode(input, signal)).resolves.toEqual(tokens);
    expect(sentForm()).toEqual({
      path: '/authentication/v2/token',
      form: {
        grant_type: 'authorization_code',
        code: 'c1',
        redirect_uri: 'http://app.test/auth/callback',
        code_verifier: 'v'.repeat(43),
        client_id: 'spa',
      },
    });
  });

  it('refreshes with the refresh token and client id only', async () => {
    await refreshToken({ clientId: 'spa', refreshToken: 'r1' }, signal);
    expect(sentForm()).toEqual({
      path: '/authentication/v2/token',
      form: { grant_type: 'refresh_token', refresh_token: 'r1', client_id: 'spa' },
    });
  });

  it('revokes a token', async () => {
    useFetch(() => new Response(null, { status: 200 }));
    await revokeToken({ clientId: 'spa', token: 'r1', tokenTypeHint: 'refresh_token' }, signal);
    expect(sentForm()).toEqual({
      path: '/authentication/v2/revoke',
      form: { token: 'r1', token_type_hint: 'refresh_token', client_id: 'spa' },
    });
    expect(mock.calls[0]?.keepalive).toBe(false);
  });

  it('revokes with keepalive when asked, so leaving the page does not cancel it', async () => {
    useFetch(() => new Response(null, { status: 200 }));
    await revokeToken({ clientId: 'spa', token: 'a1', tokenTypeHint: 'access_token', keepalive: true }, signal);
    expect(mock.calls[0]?.keepalive).toBe(true);
  });

  it('reads the discovery document without a token', async () => {
    useFetch(() => jsonResponse({ issuer: 'http://platform.test', prompt_values_supported: ['none', 'login'] }));
    await expect(getOpenIdConfiguration(signal)).resolves.toMatchObject({ prompt_values_supported: ['none', 'login'] });
    expect(mock.calls[0]?.url.pathname).toBe('/.well-known/openid-configuration');
    expect(mock.calls[0]?.headers.get('Authorization')).toBeNull();
  });
});
