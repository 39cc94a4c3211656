import type { QueryClient } from '@tanstack/react-query';
import type {
  Folder,
  FolderContentsResponse,
  FolderResponse,
  HubResponse,
  HubsResponse,
  Project,
  ProjectResponse,
  ProjectsResponse,
  TopFoldersResponse,
} from '../../../contracts/data-management';
import { dmQueries } from '../../api/data-management/queries';
import { targetKey, type PalettePaths, type PaletteTarget } from './targets';

type KeyPart = { hubId?: string; projectId?: string };
const partOf = (key: readonly unknown[]): KeyPart => (typeof key[2] === 'object' && key[2] !== null ? key[2] : {});

function cached<T>(client: QueryClient, kind: string): { part: KeyPart; data: T }[] {
  return client
    .getQueriesData<T>({ queryKey: [...dmQueries.all(), kind] })
    .filter((entry): entry is [readonly unknown[], T] => entry[1] !== undefined)
    .map(([key, data]) => ({ part: partOf(key), data }));
}

/**
 * The hubs, projects and folders the app has already loaded, read from the query cache: the palette
 * offers them without spending a request of the rate limit. A folder is offered once its project's
 * hub is known, since its address needs it.
 */
export function knownPlaces(client: QueryClient, paths: PalettePaths): PaletteTarget[] {
  const found = new Map<string, PaletteTarget>();
  const add = (target: PaletteTarget) => {
    if (!found.has(targetKey(target))) found.set(targetKey(target), target);
  };
  const hubNames = new Map<string, string>();
  const projects = new Map<string, { hubId: string; name: string }>();

  const hubs = [
    ...cached<HubsResponse>(client, 'hubs').flatMap(({ data }) => data.data),
    ...cached<HubResponse>(client, 'hub').map(({ data }) => data.data),
  ];
  for (const hub of hubs) {
    hubNames.set(hub.id, hub.attributes.name);
    add({ kind: 'hub', id: hub.id, name: hub.attributes.name, path: paths.hub(hub.id) });
  }
  const addProject = (project: Project, hubId: string | undefined) => {
    const hub = project.relationships['hub']?.data?.id ?? hubId;
    if (!hub) return;
    projects.set(project.id, { hubId: hub, name: project.attributes.name });
    add({
      kind: 'project',
      id: project.id,
      name: project.attributes.name,
      context: hubNames.get(hub),
      path: paths.project(hub, project.id),
    });
  };
  for (const { part, data } of cached<ProjectsResponse>(client, 'projects'))
    for (const project of data.data) addProject(project, part.hubId);
  for (const { part, data } of cached<ProjectResponse>(client, 'project')) addProject(data.data, part.hubId);

  const folders: { projectId: string; folder: Folder }[] = [];
  for (const { part, data } of cached<TopFoldersResponse>(client, 'top-folders')) {
    if (part.projectId && part.hubId && !projects.has(part.projectId))
      projects.set(part.projectId, { hubId: part.hubId, name: '' });
    for (const folder of data.data) folders.push({ projectId: part.projectId ?? '', folder });
  }
  for (const { part, data } of cached<FolderContentsResponse>(client, 'folder-contents')) {
    for (const entry of data.data)
      if (entry.type === 'folders') folders.push({ projectId: part.projectId ?? '', folder: entry });
  }
  for (const { part, data } of cached<FolderResponse>(client, 'folder'))
    folders.push({ projectId: part.projectId ?? '', folder: data.data });
  for (const { projectId, folder } of folders) {
    const project = projects.get(projectId);
    if (!project || folder.attributes.hidden) continue;
    add({
      kind: 'folder',
      id: folder.id,
      name: folder.attributes.name,
      context: project.name || undefined,
      path: paths.folder(project.hubId, projectId, folder.id),
    });
  }
  return [...found.values()];
}

/** The places whose name holds every word of `text`, in any case; names that start with it first. */
export function matchPlaces(places: readonly PaletteTarget[], text: string): PaletteTarget[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...places];
  const needle = text.trim().toLowerCase();
  return places
    .filter((place) => words.every((word) => place.name.toLowerCase().includes(word)))
    .sort(
      (a, b) => Number(!a.name.toLowerCase().startsWith(needle)) - Number(!b.name.toLowerCase().startsWith(needle)),
    );
}
