/** What the palette can go to: a place of the hub browser, found in the cache, the recent places or a search. */
export type TargetKind = 'hub' | 'project' | 'folder' | 'item';

export interface PaletteTarget {
  kind: TargetKind;
  id: string;
  name: string;
  /** Where it is, in words: the hub of a project, the project of a folder or file. */
  context?: string;
  /** The app's address of the place. */
  path: string;
}

/** The app's addresses of the browser's places; the app passes them in, since features do not import each other. */
export interface PalettePaths {
  hub: (hubId: string) => string;
  project: (hubId: string, projectId: string) => string;
  folder: (hubId: string, projectId: string, folderId: string) => string;
  item: (hubId: string, projectId: string, itemId: string) => string;
}

/** The place on screen, as far as the palette needs it. */
export interface CurrentPlace {
  hubId?: string;
  projectId?: string;
  folderId?: string;
  itemId?: string;
}

export const targetKey = (target: Pick<PaletteTarget, 'kind' | 'id'>) => `${target.kind}:${target.id}`;

export const KIND_LABELS: Record<TargetKind, string> = {
  hub: 'Hub',
  project: 'Project',
  folder: 'Folder',
  item: 'File',
};
