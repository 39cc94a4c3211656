import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { showToast } from '../components/ui/toast-store';
import { loadRuntimeConfig } from '../lib/runtime-config';
import { applyTheme, readThemePreference } from '../lib/theme';
import { BootScreen } from './boot-screen';
// In the entry: the config usually fails to load because the server is out of reach, and a chunk would too.
import { ConfigErrorPage } from './config-error-page';
import { wireHttp } from './http-wiring';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { AppRoutes, createRoutes } from './routes';

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
  const routes = createRoutes(config, queryClient);
  root.render(
    <StrictMode>
      <AppProviders config={config} queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes routes={routes} />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
  return root;
}
