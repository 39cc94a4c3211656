import type { QueryClient } from '@tanstack/react-query';
import { Navigate, type RouteObject } from 'react-router-dom';
import type { AppRuntimeConfig } from '../../contracts/app-config';
import { dmQueries } from '../api/data-management/queries';
import { CallbackPage } from '../features/auth/callback-page';
import { RequireSession } from '../features/auth/require-session';
import { getSession } from '../features/auth/session-store';
import { SIGN_IN_PATH } from '../features/auth/sign-in-flow';
import { SignInPage } from '../features/auth/sign-in-page';
import { HubsPage } from '../features/browse/hubs-page';
import { AppLayout } from './layouts/app-layout';
import { NotFoundPage, RouteError } from './route-error';

export function createRoutes(config: AppRuntimeConfig, queryClient: QueryClient): RouteObject[] {
  /**
   * Starts the page's query while the route changes, with the same options the page then reads. It does
   * not wait, so the page shows its skeleton at once instead of holding the old page on screen.
   */
  const prefetching = (start: () => Promise<void>) => () => {
    if (getSession()) void start();
    return null;
  };

  return [
    {
      errorElement: <RouteError />,
      hydrateFallbackElement: <div className="min-h-dvh" />,
      children: [
        { path: SIGN_IN_PATH, element: <SignInPage /> },
        { path: config.callbackPath, element: <CallbackPage /> },
        {
          element: (
            <RequireSession>
              <AppLayout />
            </RequireSession>
          ),
          children: [
            {
              errorElement: <RouteError />,
              children: [
                { index: true, element: <Navigate to="/hubs" replace /> },
                { path: 'hubs', element: <HubsPage />, loader: prefetching(() => queryClient.prefetchQuery(dmQueries.hubs())) },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}
