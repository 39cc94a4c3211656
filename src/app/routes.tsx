import type { QueryClient } from '@tanstack/react-query';
import { Navigate, type RouteObject } from 'react-router-dom';
import type { AppRuntimeConfig } from '../../contracts/app-config';
import { dmQueries } from '../api/data-management/queries';
import { daQueries } from '../api/design-automation/queries';
import { ossQueries } from '../api/oss/queries';
import { CallbackPage } from '../features/auth/callback-page';
import { RequireSession } from '../features/auth/require-session';
import { getSession } from '../features/auth/session-store';
import { SIGN_IN_PATH } from '../features/auth/sign-in-flow';
import { SignInPage } from '../features/auth/sign-in-page';
import { HubsPage } from '../features/browse/hubs-page';
import { PLACE_PATTERNS } from '../features/browse/places';
import { AUTOMATION_PATH, AUTOMATION_PATTERNS, NEW_ACTIVITY_PATH, NEW_APPBUNDLE_PATH, RUNS_PATH } from '../features/automation/paths';
import { BUCKET_PATTERN, BUCKETS_PATH } from '../features/buckets/bucket-paths';
import { JOBS_PATH, MODEL_PATTERN } from '../lib/model-paths';
import { browseLoaders } from './browse-loaders';
import { AppLayout } from './layouts/app-layout';
import { SETTINGS_PATH } from './settings-path';
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

  const loaders = browseLoaders(queryClient, () => getSession() !== null);

  return [
    {
      errorElement: <RouteError />,
      hydrateFallbackElement: <div className="min-h-dvh" />,
      children: [
        { path: SIGN_IN_PATH, element: <SignInPage /> },
        { path: config.callbackPath, element: <CallbackPage /> },
        // Reachable signed out too: a person whose platform is wrong cannot sign in to fix it.
        { path: SETTINGS_PATH, lazy: () => import('./settings-route').then((module) => ({ Component: module.SettingsRoute })) },
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
                // Each browse page is its own chunk, so the first screen carries only the one it shows.
                {
                  path: PLACE_PATTERNS.hub,
                  lazy: () => import('../features/browse/hub-page').then((module) => ({ Component: module.HubPage })),
                  loader: loaders.hub,
                },
                {
                  path: PLACE_PATTERNS.project,
                  lazy: () => import('../features/browse/project-page').then((module) => ({ Component: module.ProjectPage })),
                  loader: loaders.project,
                },
                {
                  path: PLACE_PATTERNS.folder,
                  lazy: () => import('./folder-route').then((module) => ({ Component: module.FolderRoute })),
                  loader: loaders.folder,
                },
                {
                  path: PLACE_PATTERNS.item,
                  lazy: () => import('../features/browse/item-page').then((module) => ({ Component: module.ItemPage })),
                  loader: loaders.item,
                },
                {
                  path: PLACE_PATTERNS.version,
                  lazy: () => import('../features/browse/item-page').then((module) => ({ Component: module.ItemPage })),
                  loader: loaders.item,
                },
                {
                  path: BUCKETS_PATH,
                  lazy: () => import('../features/buckets/buckets-page').then((module) => ({ Component: module.BucketsPage })),
                  loader: prefetching(() => queryClient.prefetchQuery(ossQueries.buckets())),
                },
                {
                  path: BUCKET_PATTERN,
                  lazy: () => import('./bucket-route').then((module) => ({ Component: module.BucketRoute })),
                  loader: ({ params, request }) => {
                    const bucketKey = params['bucketKey'] ?? '';
                    const beginsWith = new URL(request.url).searchParams.get('prefix') ?? '';
                    return prefetching(async () => {
                      await Promise.all([
                        queryClient.prefetchQuery(ossQueries.bucketDetails(bucketKey)),
                        queryClient.prefetchQuery(ossQueries.objects({ bucketKey, beginsWith })),
                      ]);
                    })();
                  },
                },
                // The model page carries the manifest, properties and (in a chunk of its own) three.js.
                { path: MODEL_PATTERN, lazy: () => import('./model-page').then((module) => ({ Component: module.ModelPage })) },
                { path: JOBS_PATH, lazy: () => import('./jobs-route').then((module) => ({ Component: module.JobsRoute })) },
                // Automation is a chunk of its own: most sessions never open it.
                {
                  path: AUTOMATION_PATH,
                  lazy: () => import('../features/automation/automation-page').then((module) => ({ Component: module.AutomationPage })),
                  loader: prefetching(() => queryClient.prefetchQuery(daQueries.nickname())),
                },
                { path: RUNS_PATH, lazy: () => import('../features/automation/runs-page').then((module) => ({ Component: module.RunsPage })) },
                { path: AUTOMATION_PATTERNS.run, lazy: () => import('../features/automation/run-page').then((module) => ({ Component: module.RunPage })) },
                { path: NEW_APPBUNDLE_PATH, lazy: () => import('../features/automation/new-appbundle-page').then((module) => ({ Component: module.NewAppBundlePage })) },
                { path: NEW_ACTIVITY_PATH, lazy: () => import('../features/automation/new-activity-page').then((module) => ({ Component: module.NewActivityPage })) },
                { path: AUTOMATION_PATTERNS.appBundle, lazy: () => import('../features/automation/appbundle-page').then((module) => ({ Component: module.AppBundlePage })) },
                { path: AUTOMATION_PATTERNS.activity, lazy: () => import('../features/automation/activity-page').then((module) => ({ Component: module.ActivityPage })) },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}
