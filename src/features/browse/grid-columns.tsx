import { ArrowDownIcon, ArrowUpIcon } from '../../components/ui/icons';
import { cx } from '../../lib/class-names';
import type { SortKey, SortOrder } from './content-rows';

/**
 * The folder view's columns: a phone keeps name, size and date, so the name keeps most of the width;
 * a tablet adds the picture, the version and the translation, a desktop the type and the author.
 */
export const GRID_TEMPLATE =
  'grid grid-cols-[minmax(0,1fr)_4.5rem_6.5rem] sm:grid-cols-[2.5rem_minmax(0,1fr)_4rem_7.5rem_5.5rem_8rem] lg:grid-cols-[2.5rem_minmax(0,1fr)_8rem_4rem_7.5rem_5.5rem_8rem_9rem] ' +
  // Beside the details panel a desktop keeps the tablet's columns, so the name keeps its room.
  'lg:group-data-compact/grid:grid-cols-[2.5rem_minmax(0,1fr)_4rem_7.5rem_5.5rem_8rem]';
export const ROW_HEIGHT = 36;
/** The sticky header row (h-8) above the rows, inside the same scroll container. */
export const HEADER_HEIGHT = 32;
export const CELL = 'flex min-w-0 items-center px-3 text-sm';
export const NARROW_HIDDEN = 'hidden lg:flex lg:group-data-compact/grid:hidden';
export const PHONE_HIDDEN = 'hidden sm:flex';

export interface SortState {
  key: SortKey;
  order: SortOrder;
}

/** The name is the second column; the grid's focus starts there. */
export const NAME_COL = 1;

const COLUMNS: { label: string; sortKey?: SortKey; className?: string; hiddenLabel?: boolean }[] = [
  { label: 'Preview', className: cx(PHONE_HIDDEN, 'pl-3'), hiddenLabel: true },
  { label: 'Name', sortKey: 'name', className: 'pl-1' },
  { label: 'Type', className: NARROW_HIDDEN },
  { label: 'Version', className: cx(PHONE_HIDDEN, 'justify-end') },
  { label: 'Translation', className: PHONE_HIDDEN },
  { label: 'Size', sortKey: 'size', className: 'justify-end' },
  { label: 'Modified', sortKey: 'modified' },
  { label: 'Modified by', className: NARROW_HIDDEN },
];

export function GridHeader({ sort, onSort }: { sort: SortState; onSort: (next: SortState) => void }) {
  return (
    <div role="rowgroup" className="sticky top-0 z-10">
      <div
        role="row"
        aria-rowindex={1}
        className={cx(
          GRID_TEMPLATE,
          'h-8 border-b border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900',
        )}
      >
        {COLUMNS.map((column) => {
          const active = column.sortKey !== undefined && sort.key === column.sortKey;
          return (
            <div
              key={column.label}
              role="columnheader"
              aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
              className={cx(CELL, 'text-xs font-medium text-neutral-500 dark:text-neutral-400', column.className)}
            >
              {column.sortKey ? (
                <button
                  type="button"
                  tabIndex={-1}
                  onClick={() =>
                    onSort({ key: column.sortKey!, order: active && sort.order === 'asc' ? 'desc' : 'asc' })
                  }
                  className="inline-flex items-center gap-1 rounded hover:text-neutral-900 dark:hover:text-neutral-100"
                >
                  {column.label}
                  {active &&
                    (sort.order === 'asc' ? <ArrowUpIcon className="size-3" /> : <ArrowDownIcon className="size-3" />)}
                </button>
              ) : column.hiddenLabel ? (
                <span className="sr-only">{column.label}</span>
              ) : (
                column.label
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
