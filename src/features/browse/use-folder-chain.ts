import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Folder } from '../../../contracts/data-management';
import { dmQueries } from '../../api/data-management/queries';

/** Deeper than the service allows (25 levels): a loop in the data must not hang the page. */
const MAX_DEPTH = 30;

export interface FolderChain {
  /** From the project's top folder down to `folderId`, as far as it is known yet. */
  folders: Folder[];
  /** True until the chain reaches the top. */
  pending: boolean;
}

/**
 * The folders above a folder, for breadcrumbs and the tree. Each folder names its parent, so the
 * chain is walked one folder query at a time, through the same queries the folder pages use; the
 * project's hidden root folder ends it.
 */
export function useFolderChain(hubId: string, projectId: string, folderId: string | undefined): FolderChain {
  const queryClient = useQueryClient();
  const project = useQuery({ ...dmQueries.project(hubId, projectId), enabled: hubId !== '' && projectId !== '' });
  const rootId = project.data?.data.relationships['rootFolder']?.data?.id;

  // Walk up through what is cached; the queries below fetch the next step, and its arrival re-renders.
  const ids: string[] = folderId ? [folderId] : [];
  while (rootId && ids.length > 0 && ids.length < MAX_DEPTH) {
    const below = queryClient.getQueryData(
      dmQueries.folder({ projectId, folderId: ids[ids.length - 1] ?? '' }).queryKey,
    );
    const parentId = below?.data.relationships['parent']?.data?.id;
    if (!parentId || parentId === rootId) break;
    ids.push(parentId);
  }
  const chain = useQueries({
    queries: ids.map((id) => dmQueries.folder({ projectId, folderId: id })),
    combine: (all) => all.map((result) => result.data?.data),
  });

  const known = chain.filter((folder): folder is Folder => folder !== undefined);
  const top = known[known.length - 1];
  const topParent = top?.relationships['parent']?.data?.id;
  const complete = known.length === chain.length && top !== undefined && (!topParent || topParent === rootId);
  return { folders: known.length === chain.length ? [...known].reverse() : [], pending: !complete };
}
