import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, sessionActions } from '../features/auth/session-store';
import { leaveTo } from '../lib/browser-location';
import { RuntimeConfigProvider } from '../lib/runtime-config-context';
import { jsonResponse, mockFetch } from '../testing/fetch-mock';
import { createTestQueryClient, testConfig } from '../testing/render';
import { wireHttp } from './http-wiring';
import { AppRoutes, createRoutes } from './routes';

vi.mock('../lib/browser-location', () => ({ leaveTo: vi.fn() }));

const hubs = {
  jsonapi: { version: '1.0' },
  links: { self: { href: 'http://platform.test/project/v1/hubs' } },
  data: [
    {
      type: 'hubs',
      id: 'a.demo',
      attributes: {
        name: 'Demo Company',
        region: 'US',
        extension: { type: 'hubs:autodesk.core:Hub', version: '1.0', schema: { href: '' }, data: {} },
      },
      links: { self: { href: '' } },
      relationships: {},
    },
  ],
};

function startApp(url: string) {
  const platform = mockFetch((call) => {
    if (call.url.pathname === '/authentication/v2/token') {
      return jsonResponse({
        access_token: 'access-1',
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: 'refresh-1',
      });
    }
    if (call.url.pathname === '/authentication/v2/revoke') return new Response(null, { status: 200 });
    return call.headers.get('Authorization') === 'Bearer access-1'
      ? jsonResponse(hubs)
      : new Response('', { status: 401 });
  });
  wireHttp(testConfig, platform.fetch);
  const queryClient = createTestQueryClient();
  const routes = createRoutes(testConfig, queryClient);
  const at: { location: Location | null } = { location: null };
  const LocationSpy = () => {
    at.location = useLocation();
    return null;
  };
  render(
    // StrictMode runs effects twice, as in development: the single-use code must still be sent once.
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RuntimeConfigProvider config={testConfig}>
          <MemoryRouter initialEntries={[url]}>
            <AppRoutes routes={routes} />
            <LocationSpy />
          </MemoryRouter>
        </RuntimeConfigProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  return { platform, at };
}

beforeEach(() => sessionActions.signedOut());

describe('the app routes', () => {
  it('finishes a sign-in and shows the hubs inside the app layout', async () => {
    sessionStorage.setItem(
      'ddm.pending-sign-in',
      JSON.stringify({
        state: 's1',
        codeVerifier: 'v'.repeat(64),
        redirectUri: 'http://localhost/auth/callback',
        returnTo: '/hubs',
      }),
    );
    const { platform, at } = startApp('/auth/callback?code=c1&state=s1');

    // The first render loads the sign-in callback's and the hubs page's chunks: seconds on a loaded machine.
    expect(await screen.findByRole('row', { name: /Demo Company/ }, { timeout: 15_000 })).toBeInTheDocument();
    expect(at.location?.pathname).toBe('/hubs');
    expect(screen.getByRole('heading', { name: 'Hubs' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Platform: Test platform/ })).toBeInTheDocument();
    expect(platform.calls.filter((call) => call.url.pathname === '/authentication/v2/token')).toHaveLength(1);
  });

  it('sends a visitor without a session to sign-in', async () => {
    const { at } = startApp('/hubs');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(at.location?.pathname).toBe('/sign-in');
  });

  it('signs out from the account menu', async () => {
    sessionActions.signedIn({ access_token: 'access-1', token_type: 'Bearer', expires_in: 3600 });
    const { platform, at } = startApp('/');
    const user = userEvent.setup();
    expect(await screen.findByRole('row', { name: /Demo Company/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(screen.getByText(/Access token expires in/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(within(screen.getByRole('status')).getByText('You signed out')).toBeInTheDocument();
    expect(at.location?.pathname).toBe('/sign-in');
    expect(getSession()).toBeNull();
    expect(platform.calls.some((call) => call.url.pathname === '/authentication/v2/revoke')).toBe(true);
    // And on to the platform's logout, which ends its own session and comes back to the callback.
    expect(leaveTo).toHaveBeenCalledWith(
      expect.stringMatching(/^http:\/\/platform\.test\/authentication\/v2\/logout\?post_logout_redirect_uri=/),
    );
  });

  it('shows a page that does not exist as such, inside the layout', async () => {
    sessionActions.signedIn({ access_token: 'access-1', token_type: 'Bearer', expires_in: 3600 });
    startApp('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Nothing lives at this address' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
