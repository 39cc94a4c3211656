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

export const FOLDER_TYPE = 'folders:autodesk.core:Folder';
export const ITEM_TYPE = 'items:autodesk.core:File';
export const VERSION_TYPE = 'versions:autodesk.core:File';
/** A version of this type deletes its item: the item is hidden, and a copy of an earlier version restores it. */
export const DELETED_VERSION_TYPE = 'versions:autodesk.core:Deleted';

export type ProjectResponse = JsonApiDocument<Project>;

interface Authorship {
  createTime: string;
  createUserId: string;
  createUserName: string;
  lastModifiedTime: string;
  lastModifiedUserId: string;
  lastModifiedUserName: string;
}

export interface FolderAttributes extends Authorship {
  name: string;
  displayName: string;
  objectCount: number;
  lastModifiedTimeRollup: string;
  hidden: boolean;
  extension: Extension;
}

export interface ItemAttributes extends Authorship {
  displayName: string;
  hidden: boolean;
  reserved: boolean;
  extension: Extension;
}

export interface VersionAttributes extends Authorship {
  name: string;
  displayName: string;
  versionNumber: number;
  mimeType?: string;
  fileType?: string;
  storageSize?: number;
  extension: Extension;
}

export type Folder = JsonApiResource<'folders', FolderAttributes>;
export type Item = JsonApiResource<'items', ItemAttributes>;
export type Version = JsonApiResource<'versions', VersionAttributes>;

export type FolderResponse = JsonApiDocument<Folder>;
export type TopFoldersResponse = JsonApiDocument<Folder[]>;
export type FolderContentsResponse = JsonApiDocument<(Folder | Item)[], Version>;
/** A folder search: the tip versions found, with their items in `included`. */
export type SearchResponse = JsonApiDocument<Version[], Item>;
export type ItemResponse = JsonApiDocument<Item, Version>;
export type VersionsResponse = JsonApiDocument<Version[]>;
export type VersionResponse = JsonApiDocument<Version>;
