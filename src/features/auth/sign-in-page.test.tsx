import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveTo } from '../../lib/browser-location';
import { renderWithProviders } from '../../testing/render';
import { RequireSession } from './require-session';
import { sessionActions } from './session-store';
import { readPendingSignIn } from './sign-in-flow';
import { SignInPage } from './sign-in-page';

vi.mock('../../lib/browser-location', () => ({ leaveTo: vi.fn() }));

beforeEach(() => {
  vi.mocked(leaveTo).mockClear();
  sessionActions.signedOut();
});

describe('SignInPage', () => {
  it('sends the person to the platform with a PKCE challenge and remembers where they were going', async () => {
    const { user } = renderWithProviders(<SignInPage />, {
      path: '/sign-in',
      url: '/sign-in?returnTo=%2Fhubs%3Fq%3D1',
    });
    expect(screen.getByText('Test platform')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // The PKCE challenge is hashed asynchronously, so the page leaves some time after the click.
    await waitFor(() => expect(leaveTo).toHaveBeenCalledTimes(1));
    const url = new URL(vi.mocked(leaveTo).mock.calls[0]?.[0] ?? '');
    const pending = readPendingSignIn();
    expect(`${url.origin}${url.pathname}`).toBe('http://platform.test/authentication/v2/authorize');
    const { code_challenge: challenge, ...rest } = Object.fromEntries(url.searchParams);
    expect(rest).toEqual({
      response_type: 'code',
      client_id: 'spa-client',
      redirect_uri: `${window.location.origin}/auth/callback`,
      scope: 'data:read',
      state: pending?.state,
      code_challenge_method: 'S256',
    });
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pending?.returnTo).toBe('/hubs?q=1');
  });

  it('ignores a return address outside the app', async () => {
    const { user } = renderWithProviders(<SignInPage />, {
      path: '/sign-in',
      url: '/sign-in?returnTo=https%3A%2F%2Fevil.test',
    });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledTimes(1));
    expect(readPendingSignIn()?.returnTo).toBe('/');
  });

  it('says when the session expired', () => {
    act(() => {
      sessionActions.signedIn({ access_token: 'a', token_type: 'Bearer', expires_in: 60 });
      sessionActions.sessionExpired();
    });
    renderWithProviders(<SignInPage />, { path: '/sign-in' });
    expect(screen.getByRole('status')).toHaveTextContent('Your session expired');
  });

  it('sends a signed-in person on to where they were going', () => {
    act(() => sessionActions.signedIn({ access_token: 'a', token_type: 'Bearer', expires_in: 60 }));
    renderWithProviders(<SignInPage />, { path: '/sign-in', url: '/sign-in?returnTo=%2Fhubs' });
    expect(screen.getByText('At /hubs')).toBeInTheDocument();
  });
});

describe('RequireSession', () => {
  const guarded = (
    <RequireSession>
      <p>Private page</p>
    </RequireSession>
  );

  it('sends a visitor whose session expired to sign-in, keeping the way back', () => {
    act(() => {
      sessionActions.signedIn({ access_token: 'a', token_type: 'Bearer', expires_in: 60 });
      sessionActions.sessionExpired();
    });
    renderWithProviders(guarded, { path: '/hubs/*', url: '/hubs/a.demo?view=grid' });
    expect(
      screen.getByText(`At /sign-in?returnTo=${encodeURIComponent('/hubs/a.demo?view=grid')}`),
    ).toBeInTheDocument();
  });

  it('does not bring back to the page someone who signed out on purpose', () => {
    renderWithProviders(guarded, { path: '/hubs/*', url: '/hubs/a.demo' });
    expect(screen.getByText('At /sign-in')).toBeInTheDocument();
  });

  it('shows the page to a signed-in person', () => {
    act(() => sessionActions.signedIn({ access_token: 'a', token_type: 'Bearer', expires_in: 60 }));
    renderWithProviders(guarded, { path: '/hubs/*', url: '/hubs' });
    expect(screen.getByText('Private page')).toBeInTheDocument();
  });
});
