import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dmQueries } from '../../api/data-management/queries';
import { useRecentPlacesActions } from './recent-places';
import type { CurrentPlace, PalettePaths, PaletteTarget } from './targets';

/**
 * Keeps the place on screen among the recent places, named as its page names it. It reads the same
 * queries the page loads, so it costs no request of its own.
 */
export function useVisitRecorder(place: CurrentPlace, paths: PalettePaths) {
  const { hubId = '', projectId = '', folderId = '', itemId = '' } = place;
  const { placeVisited } = useRecentPlacesActions();
  const queryClient = useQueryClient();
  const kind = itemId ? 'item' : folderId ? 'folder' : projectId ? 'project' : hubId ? 'hub' : null;
  const hub = useQuery({ ...dmQueries.hub(hubId), enabled: kind === 'hub' });
  const project = useQuery({ ...dmQueries.project(hubId, projectId), enabled: kind === 'project' });
  const folder = useQuery({ ...dmQueries.folder({ projectId, folderId }), enabled: kind === 'folder' });
  const item = useQuery({ ...dmQueries.item({ projectId, itemId }), enabled: kind === 'item' });

  const name =
    kind === 'hub'
      ? hub.data?.data.attributes.name
      : kind === 'project'
        ? project.data?.data.attributes.name
        : kind === 'folder'
          ? folder.data?.data.attributes.name
          : kind === 'item'
            ? item.data?.data.attributes.displayName
            : undefined;

  useEffect(() => {
    if (!kind || !name) return;
    const cachedName = (key: readonly unknown[]) =>
      queryClient.getQueryData<{ data: { attributes: { name: string } } }>(key)?.data.attributes.name;
    const context =
      kind === 'project'
        ? cachedName(dmQueries.hub(hubId).queryKey)
        : cachedName(dmQueries.project(hubId, projectId).queryKey);
    const target: PaletteTarget =
      kind === 'hub'
        ? { kind, id: hubId, name, path: paths.hub(hubId) }
        : kind === 'project'
          ? { kind, id: projectId, name, path: paths.project(hubId, projectId) }
          : kind === 'folder'
            ? { kind, id: folderId, name, path: paths.folder(hubId, projectId, folderId) }
            : { kind, id: itemId, name, path: paths.item(hubId, projectId, itemId) };
    placeVisited(context ? { ...target, context } : target);
  }, [kind, name, hubId, projectId, folderId, itemId, paths, placeVisited, queryClient]);
}
