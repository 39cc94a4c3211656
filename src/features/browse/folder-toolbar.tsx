import { useRef, useState, type ReactNode } from 'react';
import { SearchIcon } from '../../components/ui/icons';
import type { SortKey, SortOrder } from './content-rows';
import type { FolderView } from './use-folder-view';
import { useSlashFocus } from '../../lib/use-slash-focus';

const SORTS: { value: `${SortKey}:${SortOrder}`; label: string }[] = [
  { value: 'name:asc', label: 'Name, A to Z' },
  { value: 'name:desc', label: 'Name, Z to A' },
  { value: 'modified:desc', label: 'Newest first' },
  { value: 'modified:asc', label: 'Oldest first' },
  { value: 'size:desc', label: 'Largest first' },
  { value: 'size:asc', label: 'Smallest first' },
];

const CONTROL =
  'h-7 rounded-md border border-neutral-300 bg-white text-xs text-neutral-800 focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100';

/** Filter, sort and hidden folders; `/` focuses the filter from anywhere on the page. `actions` sit at the end (Upload). */
export function FolderToolbar({
  view,
  onChange,
  actions,
}: {
  view: FolderView;
  onChange: (next: Partial<FolderView>) => void;
  actions?: ReactNode;
}) {
  const filterRef = useRef<HTMLInputElement>(null);
  // The address follows the typing a step behind; the field keeps its own text so no key is lost.
  const [text, setText] = useState(view.filter);

  useSlashFocus(filterRef);

  return (
    <div
      role="toolbar"
      aria-label="Folder view"
      className="flex flex-wrap items-center gap-2 border-b border-neutral-200 px-4 py-2 sm:px-6 dark:border-neutral-800"
    >
      <label className="relative flex items-center">
        <span className="sr-only">Filter by name</span>
        <SearchIcon className="pointer-events-none absolute left-2 size-3.5 text-neutral-400" />
        <input
          ref={filterRef}
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            onChange({ filter: event.target.value });
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || !text) return;
            setText('');
            onChange({ filter: '' });
          }}
          placeholder="Filter by name  /"
          aria-keyshortcuts="/"
          className={`${CONTROL} w-56 pr-2 pl-7`}
        />
      </label>
      <label className="flex items-center gap-1.5 text-xs text-neutral-600 dark:text-neutral-300">
        Sort
        <select
          value={`${view.sort.key}:${view.sort.order}`}
          onChange={(event) => {
            const [key, order] = event.target.value.split(':') as [SortKey, SortOrder];
            onChange({ sort: { key, order } });
          }}
          className={`${CONTROL} px-1.5`}
        >
          {SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1.5 text-xs text-neutral-600 dark:text-neutral-300">
        <input
          type="checkbox"
          checked={view.includeHidden}
          onChange={(event) => onChange({ includeHidden: event.target.checked })}
          className="size-3.5 accent-accent-600"
        />
        Show hidden
      </label>
      {actions && <div className="ml-auto flex items-center gap-2">{actions}</div>}
    </div>
  );
}
