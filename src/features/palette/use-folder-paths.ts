import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { Folder } from '../../../contracts/data-management';
import { dmQueries } from '../../api/data-management/queries';

/** Deeper than the service allows (25 levels): a loop in the data must not hang the palette. */
const MAX_DEPTH = 30;

const nameOf = (folder: Folder) => folder.attributes.displayName || folder.attributes.name;

/**
 * Each folder's path from its top folder, as "Project Files / Archive / 2024", so that files of the
 * same name can be told apart. The search names only a file's folder, and each folder only its
 * parent, so each path is walked up one folder query at a time (the queries the browser caches)
 * until a top folder. A path not yet known is missing from the map.
 */
export function useFolderPaths(projectId: string, folderIds: readonly string[], tops: readonly Folder[]) {
  const queryClient = useQueryClient();
  const topNames = new Map(tops.map((top) => [top.id, nameOf(top)]));
  const folderAt = (folderId: string) =>
    queryClient.getQueryData(dmQueries.folder({ projectId, folderId }).queryKey)?.data;

  // Walk up through what is cached; the queries below fetch the next step, and its arrival re-renders.
  const chains = [...new Set(folderIds)].map((start) => {
    const ids = [start];
    while (ids.length < MAX_DEPTH && !topNames.has(ids[ids.length - 1]!)) {
      const parentId = folderAt(ids[ids.length - 1]!)?.relationships['parent']?.data?.id;
      if (!parentId) break;
      ids.push(parentId);
    }
    return ids;
  });
  const below = [...new Set(chains.flat())].filter((id) => !topNames.has(id));
  const names = useQueries({
    queries: below.map((folderId) => dmQueries.folder({ projectId, folderId })),
    combine: (results) =>
      new Map(results.flatMap((result) => (result.data ? [[result.data.data.id, nameOf(result.data.data)]] : []))),
  });

  const paths = new Map<string, string>();
  for (const chain of chains) {
    const top = chain[chain.length - 1]!;
    const labels = chain.map((id) => topNames.get(id) ?? names.get(id));
    if (topNames.has(top) && labels.every(Boolean)) paths.set(chain[0]!, labels.reverse().join(' / '));
  }
  return paths;
}
