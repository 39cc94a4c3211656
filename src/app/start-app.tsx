import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { showToast } from '../components/ui/toast-store';
import { loadRuntimeConfig } from '../lib/runtime-config';
import { applyTheme, readThemePreference } from '../lib/theme';
import { BootScreen } from './boot-screen';
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
    // Rare, so not in the first screen's JavaScript.
    const { ConfigErrorPage } = await import('./config-error-page');
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
