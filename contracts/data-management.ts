import type { JsonApiDocument, JsonApiResource } from './json-api';

/** Wire types of Data Management v1. */

export const HUB_TYPE = 'hubs:autodesk.core:Hub';
export const PROJECT_TYPE = 'projects:autodesk.core:Project';

export type Region = 'US' | 'EMEA' | 'AUS' | 'CAN' | 'DEU' | 'IND' | 'JPN' | 'GBR';

export interface Extension<TType extends string = string> {
  type: TType;
  version: string;
  schema: { href: string };
  data: Record<string, unknown>;
}

export interface HubAttributes {
  name: string;
  extension: Extension;
  region: Region;
}

export type Hub = JsonApiResource<'hubs', HubAttributes>;
export type HubsResponse = JsonApiDocument<Hub[]>;
export type HubResponse = JsonApiDocument<Hub>;

export interface ProjectAttributes {
  name: string;
  scopes: string[];
  extension: Extension;
}

export type Project = JsonApiResource<'projects', ProjectAttributes>;
export type ProjectsResponse = JsonApiDocument<Project[]>;
