import { matchPlaces } from './known-places';
import { targetKey, type PaletteTarget } from './targets';

export interface PaletteGroup {
  label: string;
  options: PaletteTarget[];
}

/** Places listed at most, so a large cache does not make a long scroll of the palette. */
export const MAX_PLACES = 30;

/**
 * What the palette lists. Without text: the recent places, then the other places the app knows. With
 * text: the matching places (recent ones first), then the project's files the search found.
 */
export function paletteGroups({
  text,
  recent,
  known,
  files,
  filesLabel,
}: {
  text: string;
  recent: readonly PaletteTarget[];
  known: readonly PaletteTarget[];
  files: readonly PaletteTarget[];
  filesLabel: string;
}): PaletteGroup[] {
  const recentKeys = new Set(recent.map(targetKey));
  const others = known.filter((place) => !recentKeys.has(targetKey(place)));
  const groups: PaletteGroup[] = text.trim()
    ? [
        { label: 'Places', options: matchPlaces([...recent, ...others], text).slice(0, MAX_PLACES) },
        { label: filesLabel, options: [...files] },
      ]
    : [
        { label: 'Recent', options: [...recent] },
        { label: 'Places', options: others.slice(0, MAX_PLACES) },
      ];
  return groups.filter((group) => group.options.length > 0);
}
