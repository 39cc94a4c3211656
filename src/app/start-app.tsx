import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { showToast } from '../components/ui/toast-store';
import { loadRuntimeConfig } from '../lib/runtime-config';
import { applyTheme, readThemePreference } from '../lib/theme';
import { BootScreen } from './boot-screen';
import { ConfigErrorPage } from './config-error-page';
import { wireHttp } from './http-wiring';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createRoutes } from './routes';

/** Learns which platform to use, then wires the pieces together and renders the app. */
export async function startApp(container: HTMLElement): Promise<Root> {
  applyTheme(readThemePreference());
  const root = createRoot(container);
  root.render(<BootScreen />);

  let config;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    root.render(<ConfigErrorPage error={error} />);
    return root;
  }

  const queryClient = createQueryClient({ notify: showToast });
  wireHttp(config);
  const router = createBrowserRouter(createRoutes(config, queryClient));
  root.render(
    <StrictMode>
      <AppProviders config={config} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return root;
}
