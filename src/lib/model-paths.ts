/**
 * Where a translatable design's own page lives (manifest, properties, preview), keyed by its encoded
 * URN. Shared so that any feature can link to it without importing the feature that draws it.
 */
export const MODEL_PATTERN = '/models/:urn';
export const JOBS_PATH = '/jobs';

export interface ModelLinkOptions {
  /** Open the translate dialog on arrival. */
  translate?: boolean;
  /** The name to show before the manifest is read (the file's name). */
  name?: string;
  /** The hub item the design is a version of, for the page's breadcrumbs. */
  item?: ModelItemPlace;
}

export interface ModelItemPlace {
  hubId: string;
  projectId: string;
  itemId: string;
}

export function modelPath(encodedUrn: string, options: ModelLinkOptions = {}): string {
  const search = new URLSearchParams();
  if (options.translate) search.set('translate', '1');
  if (options.name) search.set('name', options.name);
  if (options.item) {
    search.set('hub', options.item.hubId);
    search.set('project', options.item.projectId);
    search.set('item', options.item.itemId);
  }
  const query = search.toString();
  return `/models/${encodedUrn}${query ? `?${query}` : ''}`;
}
