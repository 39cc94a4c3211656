import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../api/http';
import { jsonResponse, mockFetch, type RecordedCall } from '../../testing/fetch-mock';
import { testConfig } from '../../testing/render';
import { refreshSession } from './refresh-session';
import { getSession, sessionActions, useSessionEnd } from './session-store';
import { RENEWAL_RETRY_MS, renewalDelay, useSessionRenewal } from './use-session-renewal';

const MINUTE = 60_000;

/** The platform's token endpoint, answering refreshes through `answer`. */
function platform(answer: (call: RecordedCall) => Response | Promise<Response>) {
  const mock = mockFetch(answer);
  configureHttp({
    baseUrl: testConfig.platformUrl,
    fetch: mock.fetch,
    getAccessToken: () => getSession()?.accessToken ?? null,
    refreshAccessToken: () => refreshSession(testConfig.clientId),
    onSessionExpired: () => sessionActions.sessionExpired(),
  });
  return mock;
}

const renewed = (n: number) =>
  jsonResponse({ access_token: `access-${n}`, token_type: 'Bearer', expires_in: 3600, refresh_token: `refresh-${n}` });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  sessionActions.signedIn({
    access_token: 'access-0',
    token_type: 'Bearer',
    expires_in: 3600,
    refresh_token: 'refresh-0',
  });
});
afterEach(() => vi.useRealTimers());

describe('renewalDelay', () => {
  it('renews with a quarter of the remaining life left, at most a minute before expiry', () => {
    expect(renewalDelay(0, 60 * MINUTE, 0)).toBe(59 * MINUTE);
    expect(renewalDelay(0, 8_000, 0)).toBe(6_000);
    // Asked again later, the point stays where it was; once it has passed, the answer is now.
    expect(renewalDelay(0, 60 * MINUTE, 30 * MINUTE)).toBe(29 * MINUTE);
    expect(renewalDelay(0, 8_000, 7_000)).toBe(0);
    expect(renewalDelay(0, 1_000, 2_000)).toBe(0);
  });
});

describe('useSessionRenewal', () => {
  it('renews the token a minute before it expires, and again before the new one does', async () => {
    let refreshes = 0;
    const mock = platform(() => renewed(++refreshes));
    renderHook(() => useSessionRenewal());

    await vi.advanceTimersByTimeAsync(59 * MINUTE - 1);
    expect(mock.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(getSession()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(Object.fromEntries(new URLSearchParams(mock.calls[0]?.body ?? ''))).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-0',
    });

    await vi.advanceTimersByTimeAsync(59 * MINUTE);
    expect(getSession()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('ends the session as expired when the platform refuses to renew it', async () => {
    platform(() => jsonResponse({ error: 'invalid_grant', error_description: 'revoked' }, { status: 400 }));
    const { result } = renderHook(() => {
      useSessionRenewal();
      return useSessionEnd();
    });
    await vi.advanceTimersByTimeAsync(59 * MINUTE);
    expect(getSession()).toBeNull();
    expect(result.current).toBe('expired');
  });

  it('keeps the session and tries again later when the platform cannot be reached or is busy', async () => {
    let attempts = 0;
    const mock = platform(() => {
      attempts += 1;
      if (attempts === 1) return Promise.reject(new TypeError('Failed to fetch'));
      if (attempts === 2)
        return jsonResponse({ error: 'rate_limit_exceeded' }, { status: 429, headers: { 'Retry-After': '3600' } });
      return renewed(attempts);
    });
    renderHook(() => useSessionRenewal());
    await vi.advanceTimersByTimeAsync(59 * MINUTE);
    expect(mock.calls).toHaveLength(1);
    expect(getSession()?.accessToken).toBe('access-0');
    await vi.advanceTimersByTimeAsync(RENEWAL_RETRY_MS);
    expect(mock.calls).toHaveLength(2);
    expect(getSession()?.accessToken).toBe('access-0');
    await vi.advanceTimersByTimeAsync(RENEWAL_RETRY_MS);
    expect(getSession()?.accessToken).toBe('access-3');
  });

  it('renews at once when the tab comes back after the renewal time has passed', async () => {
    const mock = platform(() => renewed(1));
    renderHook(() => useSessionRenewal());
    // A sleeping laptop: the clock jumps, but the timer has not fired.
    vi.setSystemTime(Date.now() + 61 * MINUTE);
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(mock.calls).toHaveLength(1);
    expect(getSession()?.accessToken).toBe('access-1');
  });

  it('does nothing for a session without a refresh token', async () => {
    sessionActions.signedIn({ access_token: 'only', token_type: 'Bearer', expires_in: 60 });
    const mock = platform(() => renewed(1));
    renderHook(() => useSessionRenewal());
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(mock.calls).toHaveLength(0);
    expect(getSession()?.accessToken).toBe('only');
  });
});
