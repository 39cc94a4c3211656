import type { QueryClient } from '@tanstack/react-query';
import { dmQueries } from '../api/data-management/queries';
import { planNameFilter } from '../features/browse/name-filter';
import { readFolderView } from '../features/browse/use-folder-view';
import type { Prefetch } from './route-prefetch';

/**
 * Prefetches for the browse pages: each starts the page's queries, with the same options the page
 * reads, while the route changes. They do not wait, so the page shows its skeleton at once.
 */
export function browseLoaders(queryClient: QueryClient, signedIn: () => boolean) {
  const start =
    (prefetch: (param: (name: string) => string, url: URL) => Promise<unknown>[]): Prefetch =>
    (params, url) => {
      if (signedIn()) void Promise.all(prefetch((name) => params[name] ?? '', url));
    };
  return {
    hub: start((param) => [
      queryClient.prefetchQuery(dmQueries.hub(param('hubId'))),
      queryClient.prefetchQuery(dmQueries.projects(param('hubId'))),
    ]),
    project: start((param) => [
      queryClient.prefetchQuery(dmQueries.project(param('hubId'), param('projectId'))),
      queryClient.prefetchQuery(dmQueries.topFolders(param('hubId'), param('projectId'))),
    ]),
    folder: start((param, url) => {
      const folder = { projectId: param('projectId'), folderId: param('folderId') };
      const view = readFolderView(url.searchParams);
      const nameContains = planNameFilter(view.filter).server;
      // Contents first: a platform that answers one request at a time then starts on the rows.
      return [
        queryClient.prefetchQuery(
          dmQueries.folderContents({
            ...folder,
            page: 0,
            type: 'all',
            includeHidden: view.includeHidden,
            nameContains,
          }),
        ),
        queryClient.prefetchQuery(dmQueries.folder(folder)),
      ];
    }),
    item: start((param) => {
      const item = { projectId: param('projectId'), itemId: param('itemId') };
      return [queryClient.prefetchQuery(dmQueries.item(item)), queryClient.prefetchQuery(dmQueries.itemVersions(item))];
    }),
  };
}
