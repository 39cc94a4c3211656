import type { SelectMode } from './grid-row';

/** The rows picked in a folder, by id (so a re-sort keeps them), and the row a Shift range starts from. */
export interface Selection {
  ids: ReadonlySet<string>;
  anchor: number | null;
}

export const NO_SELECTION: Selection = { ids: new Set(), anchor: null };

/**
 * A click or key on row `index`: `only` picks it alone, `toggle` adds or removes it, `range` picks
 * every row from the anchor to it (rows not loaded yet are skipped).
 */
export function select(
  current: Selection,
  index: number,
  mode: SelectMode,
  idAt: (index: number) => string | undefined,
): Selection {
  const id = idAt(index);
  if (id === undefined) return current;
  if (mode === 'only') return { ids: new Set([id]), anchor: index };
  if (mode === 'toggle') {
    const ids = new Set(current.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: index };
  }
  const anchor = current.anchor ?? index;
  const ids = new Set<string>();
  for (let at = Math.min(anchor, index); at <= Math.max(anchor, index); at++) {
    const inRange = idAt(at);
    if (inRange !== undefined) ids.add(inRange);
  }
  return { ids, anchor };
}

export function selectAll(count: number, idAt: (index: number) => string | undefined): Selection {
  const ids = new Set<string>();
  for (let at = 0; at < count; at++) {
    const id = idAt(at);
    if (id !== undefined) ids.add(id);
  }
  return { ids, anchor: 0 };
}
