import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SortKey, SortOrder } from './content-rows';

export interface FolderView {
  sort: { key: SortKey; order: SortOrder };
  filter: string;
  includeHidden: boolean;
}

const SORT_KEYS: SortKey[] = ['name', 'modified', 'size'];

/** The view of a folder lives in its address (`?sort=size&order=desc&q=ring&hidden=1`), so a link shares it. */
export function readFolderView(search: URLSearchParams): FolderView {
  const key = SORT_KEYS.find((candidate) => candidate === search.get('sort')) ?? 'name';
  return {
    sort: { key, order: search.get('order') === 'desc' ? 'desc' : 'asc' },
    filter: search.get('q') ?? '',
    includeHidden: search.get('hidden') === '1',
  };
}

export function useFolderView() {
  const [search, setSearch] = useSearchParams();
  const view = readFolderView(search);
  const change = useCallback(
    (next: Partial<FolderView>) =>
      setSearch(
        (current) => {
          const merged = { ...readFolderView(current), ...next };
          const params = new URLSearchParams();
          if (merged.sort.key !== 'name') params.set('sort', merged.sort.key);
          if (merged.sort.order !== 'asc') params.set('order', merged.sort.order);
          if (merged.filter) params.set('q', merged.filter);
          if (merged.includeHidden) params.set('hidden', '1');
          return params;
        },
        // Typing a filter should not leave a history entry per key.
        { replace: true },
      ),
    [setSearch],
  );
  return [view, change] as const;
}
