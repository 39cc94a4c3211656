import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../api/http';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { CallbackPage } from './callback-page';
import { getSession, sessionActions } from './session-store';
import { readPendingSignIn, type PendingSignIn } from './sign-in-flow';

const pending: PendingSignIn = {
  state: 'state-1',
  codeVerifier: 'v'.repeat(64),
  redirectUri: 'http://app.test/auth/callback',
  returnTo: '/hubs/a.demo?view=grid',
};

function serve(respond: Parameters<typeof mockFetch>[0]) {
  const mock = mockFetch(respond);
  configureHttp({
    baseUrl: 'http://platform.test',
    fetch: mock.fetch,
    getAccessToken: () => null,
    refreshAccessToken: vi.fn(() => Promise.resolve(null)),
    onSessionExpired: vi.fn(),
  });
  return mock;
}

function visit(search: string) {
  return renderWithProviders(<CallbackPage />, { path: '/auth/callback', url: `/auth/callback?${search}` });
}

beforeEach(() => {
  sessionActions.signedOut();
  sessionStorage.setItem('ddm.pending-sign-in', JSON.stringify(pending));
});

describe('CallbackPage', () => {
  it('exchanges a good code, stores the session and returns to where the person was going', async () => {
    const mock = serve(() =>
      jsonResponse({ access_token: 'access-1', token_type: 'Bearer', expires_in: 3600, refresh_token: 'refresh-1' }),
    );
    visit('code=code-1&state=state-1');

    expect(await screen.findByText('At /hubs/a.demo?view=grid')).toBeInTheDocument();
    expect(getSession()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(readPendingSignIn()).toBeNull();
    expect(mock.calls).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(mock.calls[0]?.body ?? ''))).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: pending.redirectUri,
      code_verifier: pending.codeVerifier,
      client_id: 'spa-client',
    });
  });

  it('refuses a response whose state does not match, without using the code', async () => {
    const mock = serve(() => jsonResponse({}));
    visit('code=code-1&state=forged');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This sign-in could not be verified' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(mock.calls).toHaveLength(0);
    expect(getSession()).toBeNull();
  });

  it('puts an error from the platform into words', async () => {
    serve(() => jsonResponse({}));
    visit('error=access_denied&error_description=The+user+declined.&state=state-1');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign-in did not complete');
    expect(alert).toHaveTextContent('Access was not granted, so the app cannot show your data. The user declined.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('sends a silent sign-in the platform refused to the sign-in page, keeping the way back, without a word of error', async () => {
    sessionStorage.setItem('ddm.pending-sign-in', JSON.stringify({ ...pending, silent: true }));
    const mock = serve(() => jsonResponse({}));
    visit('error=login_required&error_description=Not+signed+in.&state=state-1');
    expect(await screen.findByText(`At /sign-in?returnTo=${encodeURIComponent(pending.returnTo)}`)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(mock.calls).toHaveLength(0);
    expect(readPendingSignIn()).toBeNull();
  });

  it('treats a refusal whose state does not match the silent sign-in as any other error', async () => {
    sessionStorage.setItem('ddm.pending-sign-in', JSON.stringify({ ...pending, silent: true }));
    serve(() => jsonResponse({}));
    visit('error=login_required&state=forged');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in did not complete');
  });

  it('shows the sign-in page on the way back from the platform’s logout, which adds nothing to the URL', async () => {
    const mock = serve(() => jsonResponse({}));
    renderWithProviders(<CallbackPage />, { path: '/auth/callback', url: '/auth/callback' });
    expect(await screen.findByText('At /sign-in')).toBeInTheDocument();
    expect(mock.calls).toHaveLength(0);
  });

  it('shows why the code exchange failed', async () => {
    serve(() =>
      jsonResponse(
        { error: 'invalid_grant', error_description: 'The authorization code has expired.' },
        { status: 400 },
      ),
    );
    visit('code=old&state=state-1');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The authorization code has expired.');
    expect(alert).toHaveTextContent('invalid_grant');
    expect(getSession()).toBeNull();
  });
});
