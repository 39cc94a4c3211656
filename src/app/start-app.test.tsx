import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionActions } from '../features/auth/session-store';
import { jsonResponse } from '../testing/fetch-mock';
import { testConfig } from '../testing/render';
import { startApp } from './start-app';

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

async function start(fetchFn: typeof fetch) {
  vi.stubGlobal('fetch', fetchFn);
  const container = document.body.appendChild(document.createElement('div'));
  root = await act(() => startApp(container));
}

describe('startApp', () => {
  it('explains that a platform is needed when /app-config.json is missing', async () => {
    await start(() => Promise.resolve(new Response('Not found', { status: 404 })));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This app needs a platform to talk to');
    expect(alert).toHaveTextContent('npm start');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('loads the config and opens at sign-in for a visitor without a session', async () => {
    sessionActions.signedOut();
    window.history.replaceState(null, '', '/');
    await start(() => Promise.resolve(jsonResponse(testConfig)));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(testConfig.platformUrl)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/sign-in');
  });
});
