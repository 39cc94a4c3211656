import { HUB_TYPE, PROJECT_TYPE, type Hub, type Project, type Region } from '../../../contracts/data-management';
import type { JsonApiDocument, JsonApiLinks } from '../../../contracts/json-api';
import type { HubRecord, ProjectRecord } from '../../storage/repos/hubs';

/** Links are absolute, as the real service gives them, built from the address the caller used. */
export type LinkBase = string;

export const enc = encodeURIComponent;

export const extension = (base: LinkBase, type: string, data: Record<string, unknown> = {}) => ({
  type,
  version: '1.0',
  schema: { href: `${base}/schema/v1/versions/${enc(`${type}-1.0`)}` },
  data,
});

export function envelope<T, I = never>(
  base: LinkBase,
  selfPath: string,
  data: T,
  more: { links?: Partial<JsonApiLinks>; included?: I[] } = {},
): JsonApiDocument<T, I> {
  return {
    jsonapi: { version: '1.0' },
    links: { self: { href: `${base}${selfPath}` }, ...more.links },
    data,
    ...(more.included ? { included: more.included } : {}),
  };
}

export const hubPath = (hubId: string) => `/project/v1/hubs/${enc(hubId)}`;
export const projectPath = (hubId: string, projectId: string) => `${hubPath(hubId)}/projects/${enc(projectId)}`;
export const folderPath = (projectId: string, folderId: string) =>
  `/data/v1/projects/${enc(projectId)}/folders/${enc(folderId)}`;

export function serializeHub(base: LinkBase, hub: HubRecord): Hub {
  const self = `${base}${hubPath(hub.id)}`;
  return {
    type: 'hubs',
    id: hub.id,
    attributes: { name: hub.name, extension: extension(base, HUB_TYPE), region: hub.region as Region },
    links: { self: { href: self } },
    relationships: { projects: { links: { related: { href: `${self}/projects` } } } },
  };
}

export function serializeProject(base: LinkBase, project: ProjectRecord): Project {
  const self = `${base}${projectPath(project.hubId, project.id)}`;
  return {
    type: 'projects',
    id: project.id,
    attributes: { name: project.name, scopes: ['global'], extension: extension(base, PROJECT_TYPE) },
    links: { self: { href: self } },
    relationships: {
      hub: {
        data: { type: 'hubs', id: project.hubId },
        links: { related: { href: `${base}${hubPath(project.hubId)}` } },
      },
      ...(project.rootFolderId
        ? {
            rootFolder: {
              data: { type: 'folders', id: project.rootFolderId },
              meta: { link: { href: `${base}${folderPath(project.id, project.rootFolderId)}` } },
            },
          }
        : {}),
      topFolders: { links: { related: { href: `${self}/topFolders` } } },
    },
  };
}
