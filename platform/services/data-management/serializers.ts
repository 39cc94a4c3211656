import { HUB_TYPE, type Hub, type Region } from '../../../contracts/data-management';
import type { JsonApiDocument } from '../../../contracts/json-api';
import type { HubRecord } from '../../storage/repos/hubs';

/** Links are absolute, as the real service gives them, built from the address the caller used. */
export type LinkBase = string;

const schemaHref = (base: LinkBase, type: string) => `${base}/schema/v1/versions/${encodeURIComponent(`${type}-1.0`)}`;

export function envelope<T>(base: LinkBase, selfPath: string, data: T): JsonApiDocument<T> {
  return { jsonapi: { version: '1.0' }, links: { self: { href: `${base}${selfPath}` } }, data };
}

export function serializeHub(base: LinkBase, hub: HubRecord): Hub {
  const self = `${base}/project/v1/hubs/${encodeURIComponent(hub.id)}`;
  return {
    type: 'hubs',
    id: hub.id,
    attributes: {
      name: hub.name,
      extension: { type: HUB_TYPE, version: '1.0', schema: { href: schemaHref(base, HUB_TYPE) }, data: {} },
      region: hub.region as Region,
    },
    links: { self: { href: self } },
    relationships: {
      projects: { links: { related: { href: `${self}/projects` } } },
    },
  };
}
