import { matchPath } from 'react-router-dom';
import { placeOf, type Place } from '../../features/browse/places';
import { MODEL_PATTERN } from '../../lib/model-paths';

/**
 * The hub browser's place on screen, for the top bar. A model page is not a place of the browser,
 * but a link from a hub item names the item in its query (`?hub=…&project=…&item=…`), so the page
 * still sits in that project.
 */
export function currentPlace({ pathname, search }: { pathname: string; search: string }): Place {
  if (!matchPath(MODEL_PATTERN, pathname)) return placeOf(pathname);
  const query = new URLSearchParams(search);
  const [hubId, projectId, itemId] = [query.get('hub'), query.get('project'), query.get('item')];
  if (!hubId || !projectId) return {};
  return { hubId, projectId, ...(itemId ? { itemId } : {}) };
}
