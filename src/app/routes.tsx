import type { QueryClient } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import type { AppRuntimeConfig } from '../../contracts/app-config';
import { dmQueries } from '../api/data-management/queries';
import { ossQueries } from '../api/oss/queries';
import { RequireSession } from '../features/auth/require-session';
import { getSession } from '../features/auth/session-store';
import { SIGN_IN_PATH } from '../features/auth/sign-in-flow';
import { HubsPage } from '../features/browse/hubs-page';
import { PLACE_PATTERNS } from '../features/browse/places';
import {
  AUTOMATION_PATH,
  AUTOMATION_PATTERNS,
  NEW_ACTIVITY_PATH,
  NEW_APPBUNDLE_PATH,
  RUNS_PATH,
} from '../features/automation/paths';
import { BUCKET_PATTERN, BUCKETS_PATH } from '../features/buckets/bucket-paths';
import { REQUESTS_PATH } from '../features/requests/request-paths';
import { regionOf, WEBHOOKS_PAGE_PATH } from '../features/webhooks/paths';
import { JOBS_PATH, MODEL_PATTERN } from '../lib/model-paths';
import { browseLoaders } from './browse-loaders';
import { RouteBoundary } from './route-boundary';
import { createPrefetcher, type Prefetch, type RouteHandle } from './route-prefetch';
import { AppLayout } from './layouts/app-layout';
import { SETTINGS_PATH } from './settings-path';
import { NotFoundPage } from './route-error';
import { lazyPart } from '../lib/load-once';

/** A page in a chunk of its own, fetched when the router first shows it. */
function page(load: () => Promise<ComponentType>) {
  const Page = lazyPart(load);
  return <Page />;
}

const withPrefetch = (prefetch: Prefetch): RouteHandle => ({ prefetch });

export function createRoutes(config: AppRuntimeConfig, queryClient: QueryClient): RouteObject[] {
  /** Starts the page's query while the route changes, with the same options the page then reads. */
  const prefetching = (start: () => Promise<unknown>) =>
    withPrefetch(() => {
      if (getSession()) void start();
    });

  const loaders = browseLoaders(queryClient, () => getSession() !== null);
  // One element for an item and its versions, so moving between them keeps the page (and its state).
  const itemPage = page(() => import('../features/browse/item-page').then((module) => module.ItemPage));

  return [
    {
      element: (
        <RouteBoundary fallback={<div className="min-h-dvh" />}>
          <Outlet />
        </RouteBoundary>
      ),
      children: [
        // Signed in, a person never sees these: they are chunks of their own, like every page but the hubs.
        {
          path: SIGN_IN_PATH,
          element: page(() => import('../features/auth/sign-in-page').then((module) => module.SignInPage)),
        },
        {
          path: config.callbackPath,
          element: page(() => import('../features/auth/callback-page').then((module) => module.CallbackPage)),
        },
        // Reachable signed out too: a person whose platform is wrong cannot sign in to fix it.
        { path: SETTINGS_PATH, element: page(() => import('./settings-route').then((module) => module.SettingsRoute)) },
        {
          element: (
            <RequireSession>
              <AppLayout />
            </RequireSession>
          ),
          children: [
            {
              // A page that fails says so inside the layout, which stays.
              element: (
                <RouteBoundary>
                  <Outlet />
                </RouteBoundary>
              ),
              children: [
                { index: true, element: <Navigate to="/hubs" replace /> },
                {
                  path: 'hubs',
                  element: <HubsPage />,
                  handle: prefetching(() => queryClient.prefetchQuery(dmQueries.hubs())),
                },
                // Each browse page is its own chunk, so the first screen carries only the one it shows.
                {
                  path: PLACE_PATTERNS.hub,
                  element: page(() => import('../features/browse/hub-page').then((module) => module.HubPage)),
                  handle: withPrefetch(loaders.hub),
                },
                {
                  path: PLACE_PATTERNS.project,
                  element: page(() => import('../features/browse/project-page').then((module) => module.ProjectPage)),
                  handle: withPrefetch(loaders.project),
                },
                {
                  path: PLACE_PATTERNS.folder,
                  element: page(() => import('./folder-route').then((module) => module.FolderRoute)),
                  handle: withPrefetch(loaders.folder),
                },
                { path: PLACE_PATTERNS.item, element: itemPage, handle: withPrefetch(loaders.item) },
                { path: PLACE_PATTERNS.version, element: itemPage, handle: withPrefetch(loaders.item) },
                {
                  path: BUCKETS_PATH,
                  element: page(() => import('../features/buckets/buckets-page').then((module) => module.BucketsPage)),
                  handle: prefetching(() => queryClient.prefetchQuery(ossQueries.buckets())),
                },
                {
                  path: BUCKET_PATTERN,
                  element: page(() => import('./bucket-route').then((module) => module.BucketRoute)),
                  handle: withPrefetch((params, url) => {
                    const bucketKey = params['bucketKey'] ?? '';
                    const beginsWith = url.searchParams.get('prefix') ?? '';
                    if (getSession())
                      void Promise.all([
                        queryClient.prefetchQuery(ossQueries.bucketDetails(bucketKey)),
                        queryClient.prefetchQuery(ossQueries.objects({ bucketKey, beginsWith })),
                      ]);
                  }),
                },
                // The model page carries the manifest, properties and (in a chunk of its own) three.js.
                { path: MODEL_PATTERN, element: page(() => import('./model-page').then((module) => module.ModelPage)) },
                { path: JOBS_PATH, element: page(() => import('./jobs-route').then((module) => module.JobsRoute)) },
                {
                  path: REQUESTS_PATH,
                  element: page(() => import('./requests-route').then((module) => module.RequestsRoute)),
                },
                {
                  path: WEBHOOKS_PAGE_PATH,
                  element: page(() => import('./webhooks-route').then((module) => module.WebhooksRoute)),
                  handle: withPrefetch((_params, url) => {
                    if (getSession())
                      void import('../api/webhooks/queries').then((module) =>
                        queryClient.prefetchQuery(module.webhooksQueries.hooks(regionOf(url.searchParams))),
                      );
                  }),
                },
                // Automation is a chunk of its own: most sessions never open it.
                {
                  path: AUTOMATION_PATH,
                  element: page(() =>
                    import('../features/automation/automation-page').then((module) => module.AutomationPage),
                  ),
                  handle: prefetching(() =>
                    import('../api/design-automation/queries').then((module) =>
                      queryClient.prefetchQuery(module.daQueries.nickname()),
                    ),
                  ),
                },
                {
                  path: RUNS_PATH,
                  element: page(() => import('../features/automation/runs-page').then((module) => module.RunsPage)),
                },
                {
                  path: AUTOMATION_PATTERNS.run,
                  element: page(() => import('../features/automation/run-page').then((module) => module.RunPage)),
                },
                {
                  path: NEW_APPBUNDLE_PATH,
                  element: page(() =>
                    import('../features/automation/new-appbundle-page').then((module) => module.NewAppBundlePage),
                  ),
                },
                {
                  path: NEW_ACTIVITY_PATH,
                  element: page(() =>
                    import('../features/automation/new-activity-page').then((module) => module.NewActivityPage),
                  ),
                },
                {
                  path: AUTOMATION_PATTERNS.appBundle,
                  element: page(() =>
                    import('../features/automation/appbundle-page').then((module) => module.AppBundlePage),
                  ),
                },
                {
                  path: AUTOMATION_PATTERNS.activity,
                  element: page(() =>
                    import('../features/automation/activity-page').then((module) => module.ActivityPage),
                  ),
                },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

/** The app's pages for the address, each page's queries started as the address changes. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const [prefetchFor] = useState(() => createPrefetcher(routes));
  const location = useLocation();
  prefetchFor(location);
  return useRoutes(routes, location);
}
