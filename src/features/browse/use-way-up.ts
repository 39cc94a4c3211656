import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FolderContentsResponse, FolderResponse } from '../../../contracts/data-management';
import { dmQueries } from '../../api/data-management/queries';
import { folderPath, projectPath } from './places';

export interface WayUp {
  href: string;
  label: string;
}

/**
 * Where to go from a folder or item that cannot be opened (deleted, moved, access lost): the folder
 * that listed it when this tab last saw it, else the project. The address names only the project, so
 * the parent comes from listings already in the cache, which costs no request.
 */
export function useWayUp(hubId: string, projectId: string, childId: string): WayUp {
  const queryClient = useQueryClient();
  const project = useQuery(dmQueries.project(hubId, projectId));
  const rootId = project.data?.data.relationships['rootFolder']?.data?.id;
  const projectName = project.data?.data.attributes.name;
  const parentId = cachedParentOf(queryClient, projectId, childId);
  if (parentId && parentId !== rootId) {
    const parent = queryClient.getQueryData<FolderResponse>(
      dmQueries.folder({ projectId, folderId: parentId }).queryKey,
    )?.data.attributes;
    const name = parent ? parent.displayName || parent.name : null;
    return {
      href: folderPath(hubId, projectId, parentId),
      label: name ? `Go up to ${name}` : 'Go up to the folder above',
    };
  }
  return { href: projectPath(hubId, projectId), label: projectName ? `Go to ${projectName}` : 'Go to the project' };
}

/** The folder whose cached contents list `childId`, if any listing this tab holds does. */
export function cachedParentOf(queryClient: QueryClient, projectId: string, childId: string): string | null {
  const listings = queryClient.getQueriesData<FolderContentsResponse>({
    queryKey: [...dmQueries.all(), 'folder-contents'],
  });
  for (const [key, data] of listings) {
    const scope = key[2] as { projectId?: string; folderId?: string } | undefined;
    if (scope?.projectId !== projectId || !scope.folderId) continue;
    if (data?.data.some((entry) => entry.id === childId)) return scope.folderId;
  }
  return null;
}
