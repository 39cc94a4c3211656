import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, type ReactElement } from 'react';
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router-dom';
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
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
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

/** What a test reads of the router, and how it moves it, as the app's component router sees them. */
interface TestRouter {
  readonly state: { location: Location };
  navigate: (to: string) => Promise<void>;
}

/**
 * Renders `ui` with a fresh QueryClient, the runtime config and a memory router of the kind the app
 * runs (the component router, not the data router); other paths show LocationProbe.
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', url = path, config = testConfig }: RenderOptions = {},
) {
  const queryClient = createTestQueryClient();
  const seen: { location?: Location; navigate?: NavigateFunction } = {};
  function RouterSpy() {
    const location = useLocation();
    const navigate = useNavigate();
    useLayoutEffect(() => {
      seen.location = location;
      seen.navigate = navigate;
    });
    return null;
  }
  const router: TestRouter = {
    get state() {
      return { location: seen.location! };
    },
    navigate: async (to) => seen.navigate!(to),
  };
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RuntimeConfigProvider config={config}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
          <RouterSpy />
        </MemoryRouter>
      </RuntimeConfigProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router, user: userEvent.setup() };
}
