import { queryOptions } from '@tanstack/react-query';
import {
  getFolder,
  getFolderContents,
  getFolderParent,
  getFolderSearch,
  getHub,
  getHubs,
  getItem,
  getItemVersions,
  getProject,
  getProjects,
  getTopFolders,
  getVersion,
  MAX_PAGE_LIMIT,
} from './requests';

/**
 * Data Management query keys, from generic to specific, so `['dm']` reaches everything and each key
 * holds every input of its request. The last part is an object so a partial one (say `{ projectId,
 * folderId }`) reaches every page of a folder at once.
 */

export interface FolderRef {
  projectId: string;
  folderId: string;
}

export interface ItemRef {
  projectId: string;
  itemId: string;
}

export interface ContentsPageRef extends FolderRef {
  page: number;
  /** The tree asks for folders only; the folder view for everything. */
  type: 'folders' | 'all';
  includeHidden: boolean;
  /** The service's own name filter; '' for every row. */
  nameContains?: string;
}

/** Rows per folder-contents page: the most the service gives, so a 5,000-row folder is 25 requests. */
export const CONTENTS_PAGE_SIZE = MAX_PAGE_LIMIT;

// Ids, names and trees change seldom and every request spends the app's rate limit: keep data fresh
// for a few minutes and let the Refresh buttons and the mutations' invalidations ask again sooner.
const BROWSE_STALE_MS = 5 * 60_000;

export const dmQueries = {
  all: () => ['dm'] as const,
  hubs: () =>
    queryOptions({
      queryKey: [...dmQueries.all(), 'hubs'] as const,
      queryFn: ({ signal }) => getHubs(signal),
    }),
  hub: (hubId: string) =>
    queryOptions({
      queryKey: [...dmQueries.all(), 'hub', { hubId }] as const,
      queryFn: ({ signal }) => getHub(hubId, signal),
      staleTime: BROWSE_STALE_MS,
    }),
  projects: (hubId: string, page = 0) =>
    queryOptions({
      queryKey: [...dmQueries.all(), 'projects', { hubId, page }] as const,
      queryFn: ({ signal }) => getProjects(hubId, { page }, signal),
      staleTime: BROWSE_STALE_MS,
    }),
  project: (hubId: string, projectId: string) =>
    queryOptions({
      queryKey: [...dmQueries.all(), 'project', { hubId, projectId }] as const,
      queryFn: ({ signal }) => getProject(hubId, projectId, signal),
      staleTime: BROWSE_STALE_MS,
    }),
  topFolders: (hubId: string, projectId: string) =>
    queryOptions({
      queryKey: [...dmQueries.all(), 'top-folders', { hubId, projectId }] as const,
      queryFn: ({ signal }) => getTopFolders(hubId, projectId, signal),
      staleTime: BROWSE_STALE_MS,
    }),
  folder: ({ projectId, folderId }: FolderRef) =>
    queryOptions({
      queryKey: [...dmQueries.all(), 'folder', { projectId, folderId }] as const,
      queryFn: ({ signal }) => getFolder(projectId, folderId, signal),
      staleTime: BROWSE_STALE_MS,
    }),
  folderParent: ({ projectId, folderId }: FolderRef) =>
    queryOptions({
      queryKey: [...dmQueries.all(), 'folder-parent', { projectId, folderId }] as const,
      queryFn: ({ signal }) => getFolderParent(projectId, folderId, signal),
      // Folders do not move in this app yet; the parent of a folder is as stable as its id.
      staleTime: Infinity,
    }),
  /** Every page of every listing of one folder: what a change inside the folder makes stale. */
  folderContentsScope: ({ projectId, folderId }: FolderRef) =>
    [...dmQueries.all(), 'folder-contents', { projectId, folderId }] as const,
  folderContents: ({ projectId, folderId, page, type, includeHidden, nameContains = '' }: ContentsPageRef) =>
    queryOptions({
      queryKey: [
        ...dmQueries.all(),
        'folder-contents',
        { projectId, folderId, page, type, includeHidden, nameContains },
      ] as const,
      queryFn: ({ signal }) =>
        getFolderContents(
          projectId,
          folderId,
          { page, limit: CONTENTS_PAGE_SIZE, includeHidden, nameContains, ...(type === 'folders' ? { type } : {}) },
          signal,
        ),
      staleTime: BROWSE_STALE_MS,
    }),
  /** Files by name in a folder and below it: the alternatives are the spellings to try, since the service matches case. */
  folderSearch: ({
    projectId,
    folderId,
    nameContains,
    page = 0,
  }: FolderRef & { nameContains: readonly string[]; page?: number }) =>
    queryOptions({
      queryKey: [...dmQueries.all(), 'folder-search', { projectId, folderId, nameContains, page }] as const,
      queryFn: ({ signal }) => getFolderSearch(projectId, folderId, { page, nameContains }, signal),
      staleTime: BROWSE_STALE_MS,
    }),
  item: ({ projectId, itemId }: ItemRef) =>
    queryOptions({
      queryKey: [...dmQueries.all(), 'item', { projectId, itemId }] as const,
      queryFn: ({ signal }) => getItem(projectId, itemId, signal),
      staleTime: BROWSE_STALE_MS,
    }),
  itemVersions: ({ projectId, itemId }: ItemRef, page = 0) =>
    queryOptions({
      queryKey: [...dmQueries.all(), 'item-versions', { projectId, itemId, page }] as const,
      queryFn: ({ signal }) => getItemVersions(projectId, itemId, { page }, signal),
      staleTime: BROWSE_STALE_MS,
    }),
  version: (projectId: string, versionId: string) =>
    queryOptions({
      queryKey: [...dmQueries.all(), 'version', { projectId, versionId }] as const,
      queryFn: ({ signal }) => getVersion(projectId, versionId, signal),
      // A version never changes once made.
      staleTime: Infinity,
    }),
};
