import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';

vi.mock('../../lib/browser-location', () => ({ leaveTo: vi.fn() }));

const deepLink = '/hubs/a.demo/projects/p1?view=grid';

/**
 * A new tab: the app's modules loaded afresh, so the session store starts as a tab's does, with no
 * session and no record of one ending. `discovery` is what the platform answers for its OIDC document.
 */
async function openTab(url: string, discovery: () => Response) {
  vi.resetModules();
  const [{ RequireSession }, { configureHttp }, { renderWithProviders }, { leaveTo }, flow] = await Promise.all([
    import('./require-session'),
    import('../../api/http'),
    import('../../testing/render'),
    import('../../lib/browser-location'),
    import('./sign-in-flow'),
  ]);
  vi.mocked(leaveTo).mockClear();
  const mock = mockFetch(discovery);
  configureHttp({
    baseUrl: 'http://platform.test',
    fetch: mock.fetch,
    getAccessToken: () => null,
    refreshAccessToken: () => Promise.resolve(null),
    onSessionExpired: vi.fn(),
  });
  renderWithProviders(
    <RequireSession>
      <p>Private page</p>
    </RequireSession>,
    { path: '/hubs/*', url },
  );
  return { mock, leaveTo: vi.mocked(leaveTo), flow };
}

describe('a tab without a session of its own', () => {
  it('joins the platform’s session without a click: a prompt=none sign-in that comes back to the same place', async () => {
    const tab = await openTab(deepLink, () => jsonResponse({ prompt_values_supported: ['none', 'login', 'consent'] }));
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in…');
    await vi.waitFor(() => expect(tab.leaveTo).toHaveBeenCalledTimes(1));
    const url = new URL(tab.leaveTo.mock.calls[0]?.[0] ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('http://platform.test/authentication/v2/authorize');
    expect(url.searchParams.get('prompt')).toBe('none');
    expect(tab.mock.calls.map((call) => call.url.pathname)).toEqual(['/.well-known/openid-configuration']);
    expect(tab.flow.readPendingSignIn()).toMatchObject({
      silent: true,
      returnTo: deepLink,
      state: url.searchParams.get('state'),
    });
    expect(tab.flow.silentSignInTried()).toBe(true);
  });

  it('shows the sign-in page, keeping the way back, where the platform does not say it honours prompt=none (APS)', async () => {
    const tab = await openTab(deepLink, () => jsonResponse({ issuer: 'https://developer.api.autodesk.com' }));
    expect(await screen.findByText(`At /sign-in?returnTo=${encodeURIComponent(deepLink)}`)).toBeInTheDocument();
    expect(tab.leaveTo).not.toHaveBeenCalled();
  });

  it('shows the sign-in page when the platform cannot be asked', async () => {
    const tab = await openTab(deepLink, () => new Response('down', { status: 503 }));
    expect(await screen.findByText(`At /sign-in?returnTo=${encodeURIComponent(deepLink)}`)).toBeInTheDocument();
    expect(tab.leaveTo).not.toHaveBeenCalled();
  });

  it('tries once: after the platform said no, the tab (and its reloads) go to the sign-in page', async () => {
    sessionStorage.setItem('ddm.silent-sign-in-tried', '1');
    const tab = await openTab(deepLink, () => jsonResponse({ prompt_values_supported: ['none'] }));
    expect(screen.getByText(`At /sign-in?returnTo=${encodeURIComponent(deepLink)}`)).toBeInTheDocument();
    expect(tab.mock.calls).toEqual([]);
  });
});
