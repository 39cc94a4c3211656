import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import type { AppRuntimeConfig } from '../../contracts/app-config';
import { RuntimeConfigProvider } from '../lib/runtime-config-context';

export const testConfig: AppRuntimeConfig = {
  platformUrl: 'http://platform.test',
  platformName: 'Test platform',
  clientId: 'spa-client',
  callbackPath: '/auth/callback',
  scopes: 'data:read',
};

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** Shows where the app navigated to, so tests can assert on it by text. */
function LocationProbe() {
  const location = useLocation();
  return <p>At {`${location.pathname}${location.search}`}</p>;
}

interface RenderOptions {
  /** The route pattern `ui` is mounted at. */
  path?: string;
  /** The URL the test starts from. */
  url?: string;
  config?: AppRuntimeConfig;
}

/** Renders `ui` with a fresh QueryClient, the runtime config and a memory router; other paths show LocationProbe. */
export function renderWithProviders(ui: ReactElement, { path = '/', url = path, config = testConfig }: RenderOptions = {}) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RuntimeConfigProvider config={config}>
        <RouterProvider router={router} />
      </RuntimeConfigProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router, user: userEvent.setup() };
}
