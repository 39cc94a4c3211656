import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useSessionRenewal } from '../../features/auth/use-session-renewal';
import { UploadHost } from '../../features/upload/upload-host';
import { RateLimitBanner } from './rate-limit-banner';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useRememberProject } from './use-remember-project';

/** The shell of every signed-in page: the routes inside it, or `children` for a page outside the route tree's shell (Settings). */
export function AppLayout({ children }: { children?: ReactNode } = {}) {
  // Everything inside the layout needs the session, so this is where it is kept alive.
  useSessionRenewal();
  useRememberProject();
  // Uploads are hosted here, above the routes, so they go on while the person moves around the app.
  return (
    <UploadHost>
      <div className="flex h-dvh flex-col bg-white text-neutral-900 dark:bg-neutral-950 dark:text-neutral-100">
        <a
          href="#main"
          className="sr-only rounded-md bg-accent-600 px-3 py-1.5 text-sm text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
        >
          Skip to content
        </a>
        <TopBar />
        <div className="flex min-h-0 flex-1">
          <Sidebar />
          <main id="main" className="flex min-w-0 flex-1 flex-col pb-[var(--upload-panel-height,0px)]">
            <RateLimitBanner />
            {children ?? <Outlet />}
          </main>
        </div>
      </div>
    </UploadHost>
  );
}
