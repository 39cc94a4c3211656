import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../api/http';
import { leaveTo } from '../../lib/browser-location';
import { RuntimeConfigProvider } from '../../lib/runtime-config-context';
import { mockFetch } from '../../testing/fetch-mock';
import { createTestQueryClient, testConfig } from '../../testing/render';
import { listen } from './session-channel';
import { getSession, sessionActions, useSessionEnd } from './session-store';
import { SessionSync } from './use-session-sync';
import { useSignOut } from './use-sign-out';

vi.mock('../../lib/browser-location', () => ({ leaveTo: vi.fn() }));

let mock: ReturnType<typeof mockFetch>;
const stops: (() => void)[] = [];
beforeEach(() => {
  vi.mocked(leaveTo).mockClear();
  mock = mockFetch(() => new Response(null, { status: 200 }));
  configureHttp({
    baseUrl: testConfig.platformUrl,
    fetch: mock.fetch,
    getAccessToken: () => null,
    refreshAccessToken: () => Promise.resolve(null),
    onSessionExpired: vi.fn(),
  });
  sessionActions.signedIn({
    access_token: 'access-1',
    token_type: 'Bearer',
    expires_in: 3600,
    refresh_token: 'refresh-1',
  });
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function withProviders(queryClient = createTestQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <RuntimeConfigProvider config={testConfig}>{children}</RuntimeConfigProvider>
    </QueryClientProvider>
  );
  return { wrapper, queryClient };
}

/** The revokes the platform received: which token, with keepalive or not. */
const revokes = (): Record<string, string | boolean>[] =>
  mock.calls
    .filter((call) => call.url.pathname === '/authentication/v2/revoke')
    .map((call) => ({ ...Object.fromEntries(new URLSearchParams(call.body ?? '')), keepalive: call.keepalive }));

describe('signing out', () => {
  it('tells the other tabs, revokes this tab’s tokens as the page is left, and ends the platform’s session through its logout', async () => {
    const otherTab = vi.fn();
    stops.push(listen(otherTab));
    const { wrapper, queryClient } = withProviders();
    queryClient.setQueryData(['dm', 'hubs'], ['Demo Company']);
    const { result } = renderHook(() => useSignOut(), { wrapper });

    act(() => result.current());

    expect(getSession()).toBeNull();
    expect(queryClient.getQueryData(['dm', 'hubs'])).toBeUndefined();
    const back = encodeURIComponent(`${window.location.origin}/auth/callback`);
    expect(leaveTo).toHaveBeenCalledWith(
      `http://platform.test/authentication/v2/logout?post_logout_redirect_uri=${back}`,
    );
    await vi.waitFor(() => expect(otherTab).toHaveBeenCalledWith({ type: 'signed-out' }));
    await vi.waitFor(() => expect(revokes()).toHaveLength(2));
    expect(revokes()).toEqual([
      { token: 'access-1', token_type_hint: 'access_token', client_id: 'spa-client', keepalive: true },
      { token: 'refresh-1', token_type_hint: 'refresh_token', client_id: 'spa-client', keepalive: true },
    ]);
  });
});

describe('another tab signing out', () => {
  it('ends this tab’s session too: its own tokens revoked, its data dropped, no second trip to the platform’s logout', async () => {
    const { wrapper, queryClient } = withProviders();
    queryClient.setQueryData(['dm', 'hubs'], ['Demo Company']);
    render(<SessionSync />, { wrapper });
    const { result: ended } = renderHook(() => useSessionEnd());

    // What the tab that signed out announces, from its own channel.
    const otherTab = new BroadcastChannel('ddm.session');
    otherTab.postMessage({ type: 'signed-out' });
    otherTab.close();

    await vi.waitFor(() => expect(getSession()).toBeNull());
    expect(ended.current).toBe('signed-out');
    expect(queryClient.getQueryData(['dm', 'hubs'])).toBeUndefined();
    await vi.waitFor(() => expect(revokes()).toHaveLength(2));
    expect(revokes().map(({ token, keepalive }) => ({ token, keepalive }))).toEqual([
      { token: 'access-1', keepalive: false },
      { token: 'refresh-1', keepalive: false },
    ]);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('stops listening when the app goes away', async () => {
    const { wrapper } = withProviders();
    const { unmount } = render(<SessionSync />, { wrapper });
    unmount();
    const heard = vi.fn();
    stops.push(listen(heard));
    const otherTab = new BroadcastChannel('ddm.session');
    otherTab.postMessage({ type: 'signed-out' });
    otherTab.close();
    await vi.waitFor(() => expect(heard).toHaveBeenCalled());
    expect(getSession()).not.toBeNull();
  });
});
