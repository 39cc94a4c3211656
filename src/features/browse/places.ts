import { matchPath } from 'react-router-dom';

/**
 * Every place in the hub browser has an address, so a reload or a shared link lands in the same
 * place. Ids keep their colons (valid in a path segment) so the addresses stay readable; everything
 * else is percent-encoded.
 */

export interface Place {
  hubId?: string;
  projectId?: string;
  folderId?: string;
  itemId?: string;
  versionNumber?: number;
}

export const PLACE_PATTERNS = {
  hubs: '/hubs',
  hub: '/hubs/:hubId',
  project: '/hubs/:hubId/projects/:projectId',
  folder: '/hubs/:hubId/projects/:projectId/folders/:folderId',
  item: '/hubs/:hubId/projects/:projectId/items/:itemId',
  version: '/hubs/:hubId/projects/:projectId/items/:itemId/versions/:versionNumber',
} as const;

const segment = (value: string) => encodeURIComponent(value).replace(/%3A/gi, ':');

export const hubPath = (hubId: string) => `/hubs/${segment(hubId)}`;
export const projectPath = (hubId: string, projectId: string) => `${hubPath(hubId)}/projects/${segment(projectId)}`;
export const folderPath = (hubId: string, projectId: string, folderId: string) =>
  `${projectPath(hubId, projectId)}/folders/${segment(folderId)}`;
export const itemPath = (hubId: string, projectId: string, itemId: string) =>
  `${projectPath(hubId, projectId)}/items/${segment(itemId)}`;
export const versionPath = (hubId: string, projectId: string, itemId: string, versionNumber: number) =>
  `${itemPath(hubId, projectId, itemId)}/versions/${versionNumber}`;

/** Which place a path shows; the sidebar tree reads it to follow the page. */
export function placeOf(pathname: string): Place {
  for (const pattern of [
    PLACE_PATTERNS.version,
    PLACE_PATTERNS.item,
    PLACE_PATTERNS.folder,
    PLACE_PATTERNS.project,
    PLACE_PATTERNS.hub,
  ]) {
    const match = matchPath(pattern as string, pathname);
    if (!match) continue;
    // matchPath leaves most escapes in place (useParams, by contrast, gets decoded values).
    const { hubId, projectId, folderId, itemId, versionNumber } = decodeAll(match.params);
    const number = versionNumber === undefined ? undefined : Number(versionNumber);
    return {
      ...(hubId ? { hubId } : {}),
      ...(projectId ? { projectId } : {}),
      ...(folderId ? { folderId } : {}),
      ...(itemId ? { itemId } : {}),
      ...(number !== undefined && Number.isInteger(number) && number > 0 ? { versionNumber: number } : {}),
    };
  }
  return {};
}

function decodeAll(params: Partial<Record<string, string>>): Partial<Record<string, string>> {
  const decoded: Partial<Record<string, string>> = {};
  for (const [name, value] of Object.entries(params)) {
    try {
      decoded[name] = value === undefined ? undefined : decodeURIComponent(value);
    } catch {
      decoded[name] = value;
    }
  }
  return decoded;
}

/** A route's params as ids; a missing one means the route table and the page disagree. */
export function requireParam(params: Record<string, string | undefined>, name: string): string {
  const value = params[name];
  if (!value) throw new Error(`The address has no ${name}.`);
  return value;
}
