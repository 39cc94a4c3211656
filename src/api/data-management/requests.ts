import type {
  FolderContentsResponse,
  FolderResponse,
  HubResponse,
  HubsResponse,
  ItemResponse,
  ProjectResponse,
  ProjectsResponse,
  SearchResponse,
  TopFoldersResponse,
  VersionResponse,
  VersionsResponse,
} from '../../../contracts/data-management';
import { FOLDER_TYPE, ITEM_TYPE, VERSION_TYPE } from '../../../contracts/data-management';
import { requestJson } from '../http';

/**
 * Data Management v1, one typed function per endpoint. Ids go into paths percent-encoded, as the
 * official SDK sends them: version ids carry `?version=N` and folder ids are URNs full of colons.
 */

const enc = encodeURIComponent;
const hubPath = (hubId: string) => `/project/v1/hubs/${enc(hubId)}`;
const projectPath = (hubId: string, projectId: string) => `${hubPath(hubId)}/projects/${enc(projectId)}`;
export const dataPath = (projectId: string) => `/data/v1/projects/${enc(projectId)}`;
const folderPath = (projectId: string, folderId: string) => `${dataPath(projectId)}/folders/${enc(folderId)}`;
export const itemPath = (projectId: string, itemId: string) => `${dataPath(projectId)}/items/${enc(itemId)}`;

/** The most a page may hold (spec: 1–200); fewer, larger pages spend less of the rate limit. */
export const MAX_PAGE_LIMIT = 200;

export interface PageRequest {
  /** 0-based, as the service counts. */
  page: number;
  limit?: number;
}

const pageQuery = ({ page, limit = MAX_PAGE_LIMIT }: PageRequest) => ({ 'page[number]': page, 'page[limit]': limit });

export function getHubs(signal: AbortSignal): Promise<HubsResponse> {
  return requestJson<HubsResponse>('/project/v1/hubs', { signal });
}

export function getHub(hubId: string, signal: AbortSignal): Promise<HubResponse> {
  return requestJson<HubResponse>(hubPath(hubId), { signal });
}

export function getProjects(hubId: string, page: PageRequest, signal: AbortSignal): Promise<ProjectsResponse> {
  return requestJson<ProjectsResponse>(`${hubPath(hubId)}/projects`, { signal, query: pageQuery(page) });
}

export function getProject(hubId: string, projectId: string, signal: AbortSignal): Promise<ProjectResponse> {
  return requestJson<ProjectResponse>(projectPath(hubId, projectId), { signal });
}

export function getTopFolders(hubId: string, projectId: string, signal: AbortSignal): Promise<TopFoldersResponse> {
  return requestJson<TopFoldersResponse>(`${projectPath(hubId, projectId)}/topFolders`, { signal });
}

export function getFolder(projectId: string, folderId: string, signal: AbortSignal): Promise<FolderResponse> {
  return requestJson<FolderResponse>(folderPath(projectId, folderId), { signal });
}

export function getFolderParent(projectId: string, folderId: string, signal: AbortSignal): Promise<FolderResponse> {
  return requestJson<FolderResponse>(`${folderPath(projectId, folderId)}/parent`, { signal });
}

export interface ContentsRequest extends PageRequest {
  /** Only folders (the tree) or only items; both when left out. */
  type?: 'folders' | 'items';
  includeHidden?: boolean;
  /** Only names containing this, case-sensitively (`filter[displayName]-contains`); no commas: the service splits on them. */
  nameContains?: string;
}

export function getFolderContents(
  projectId: string,
  folderId: string,
  request: ContentsRequest,
  signal: AbortSignal,
): Promise<FolderContentsResponse> {
  return requestJson<FolderContentsResponse>(`${folderPath(projectId, folderId)}/contents`, {
    signal,
    query: {
      ...pageQuery(request),
      'filter[type]': request.type,
      'filter[displayName]-contains': request.nameContains || undefined,
      includeHidden: request.includeHidden ? true : undefined,
    },
  });
}

export interface SearchRequest {
  /** 0-based; the service pages a search by number only. */
  page: number;
  /** Alternatives for `filter[displayName]-contains`, each case-sensitive; the service splits on commas, so none may hold one. */
  nameContains: readonly string[];
}

/** The tip versions in a folder and its sub-folders whose name contains one of the alternatives, with their items included. */
export function getFolderSearch(
  projectId: string,
  folderId: string,
  { page, nameContains }: SearchRequest,
  signal: AbortSignal,
): Promise<SearchResponse> {
  return requestJson<SearchResponse>(`${folderPath(projectId, folderId)}/search`, {
    signal,
    query: { 'filter[displayName]-contains': nameContains.join(',') || undefined, 'page[number]': page },
  });
}

export function getItem(projectId: string, itemId: string, signal: AbortSignal): Promise<ItemResponse> {
  return requestJson<ItemResponse>(itemPath(projectId, itemId), { signal });
}

export function getItemVersions(
  projectId: string,
  itemId: string,
  page: PageRequest,
  signal: AbortSignal,
): Promise<VersionsResponse> {
  return requestJson<VersionsResponse>(`${itemPath(projectId, itemId)}/versions`, { signal, query: pageQuery(page) });
}

export function getItemTip(projectId: string, itemId: string, signal: AbortSignal): Promise<VersionResponse> {
  return requestJson<VersionResponse>(`${itemPath(projectId, itemId)}/tip`, { signal });
}

export function getItemParent(projectId: string, itemId: string, signal: AbortSignal): Promise<FolderResponse> {
  return requestJson<FolderResponse>(`${itemPath(projectId, itemId)}/parent`, { signal });
}

export function getVersion(projectId: string, versionId: string, signal: AbortSignal): Promise<VersionResponse> {
  return requestJson<VersionResponse>(`${dataPath(projectId)}/versions/${enc(versionId)}`, { signal });
}

/** Every write is a JSON:API document: its envelope and media type are added here, once. */
export function sendJsonApi<T>(
  method: 'POST' | 'PATCH',
  path: string,
  document: { data: unknown; included?: unknown[] },
  signal: AbortSignal,
  query?: Record<string, string>,
): Promise<T> {
  return requestJson<T>(path, {
    signal,
    method,
    ...(query ? { query } : {}),
    headers: { 'Content-Type': 'application/vnd.api+json' },
    json: { jsonapi: { version: '1.0' }, ...document },
  });
}

export interface CreateFolderInput {
  projectId: string;
  parentId: string;
  name: string;
}

export function createFolder(
  { projectId, parentId, name }: CreateFolderInput,
  signal: AbortSignal,
): Promise<FolderResponse> {
  const data = {
    type: 'folders',
    attributes: { name, extension: { type: FOLDER_TYPE, version: '1.0' } },
    relationships: { parent: { data: { type: 'folders', id: parentId } } },
  };
  return sendJsonApi<FolderResponse>('POST', `${dataPath(projectId)}/folders`, { data }, signal);
}

export interface UpdateFolderInput {
  projectId: string;
  folderId: string;
  name?: string;
  hidden?: boolean;
  /** Moves the folder under this one. */
  parentId?: string;
}

export function updateFolder(
  { projectId, folderId, name, hidden, parentId }: UpdateFolderInput,
  signal: AbortSignal,
): Promise<FolderResponse> {
  const data = {
    type: 'folders',
    id: folderId,
    attributes: { name, hidden },
    ...(parentId ? { relationships: { parent: { data: { type: 'folders', id: parentId } } } } : {}),
  };
  return sendJsonApi<FolderResponse>('PATCH', folderPath(projectId, folderId), { data }, signal);
}

/** The storage object step 1 of an upload creates: its id is the `urn:adsk.objects:os.object:{bucket}/{object}` to upload to. */
export interface StorageResponse {
  data: { type: 'objects'; id: string };
}

/** Step 1 of the four: a place for a file's bytes in the project's bucket, next to `folderId`. */
export function createStorage(
  { projectId, folderId, name }: { projectId: string; folderId: string; name: string },
  signal: AbortSignal,
): Promise<StorageResponse> {
  const data = {
    type: 'objects',
    attributes: { name },
    relationships: { target: { data: { type: 'folders', id: folderId } } },
  };
  return sendJsonApi<StorageResponse>('POST', `${dataPath(projectId)}/storage`, { data }, signal);
}

export interface CreateItemInput {
  projectId: string;
  folderId: string;
  name: string;
  storageId: string;
  /** What changed in this version, in words; carried in `extension.data.comment`. */
  comment?: string;
}

const versionExtension = (comment: string | undefined) => ({
  type: VERSION_TYPE,
  version: '1.0',
  ...(comment?.trim() ? { data: { comment: comment.trim() } } : {}),
});

/** Step 3: a new item in `folderId` with its first version, pointing at uploaded storage. A taken name is a 409. */
export function createItem(
  { projectId, folderId, name, storageId, comment }: CreateItemInput,
  signal: AbortSignal,
): Promise<ItemResponse> {
  const data = {
    type: 'items',
    attributes: { displayName: name, extension: { type: ITEM_TYPE, version: '1.0' } },
    relationships: {
      tip: { data: { type: 'versions', id: '1' } },
      parent: { data: { type: 'folders', id: folderId } },
    },
  };
  const firstVersion = {
    type: 'versions',
    id: '1',
    attributes: { name, extension: versionExtension(comment) },
    relationships: { storage: { data: { type: 'objects', id: storageId } } },
  };
  return sendJsonApi<ItemResponse>('POST', `${dataPath(projectId)}/items`, { data, included: [firstVersion] }, signal);
}

export interface CreateVersionInput {
  projectId: string;
  itemId: string;
  name: string;
  storageId: string;
  comment?: string;
}

/** Step 4: a new version of an existing item. */
export function createVersion(
  { projectId, itemId, name, storageId, comment }: CreateVersionInput,
  signal: AbortSignal,
): Promise<VersionResponse> {
  const data = {
    type: 'versions',
    attributes: { name, extension: versionExtension(comment) },
    relationships: {
      item: { data: { type: 'items', id: itemId } },
      storage: { data: { type: 'objects', id: storageId } },
    },
  };
  return sendJsonApi<VersionResponse>('POST', `${dataPath(projectId)}/versions`, { data }, signal);
}
