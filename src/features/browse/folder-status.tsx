import { formatCount } from '../../lib/format-bytes';
import type { SortKey, SortOrder } from './content-rows';

export interface FolderStatusProps {
  filter: string;
  sort: { key: SortKey; order: SortOrder };
  /** Every row is needed (another order, or a filter the service cannot answer alone) but not all are here. */
  gathering: boolean;
  loadedRows: number;
  /** How many rows there are, when known before the last page. */
  total: number | null;
  /** Rows shown now, and whether that is all of them. */
  shown: { count: number; exact: boolean };
  failedPages: number;
  onRetryFailed: () => void;
}

const SORT_WORDS: Record<SortKey, string> = { name: 'by name', modified: 'by date', size: 'by size' };

/** One line under the toolbar: what is being gathered and why, how many match, what failed. */
export function FolderStatus({
  filter,
  sort,
  gathering,
  loadedRows,
  total,
  shown,
  failedPages,
  onRetryFailed,
}: FolderStatusProps) {
  let text = '';
  if (gathering) {
    const why =
      sort.key === 'name' && sort.order === 'asc'
        ? `Filtering by “${filter}”`
        : `Sorting ${sort.key === 'name' ? 'Z to A' : SORT_WORDS[sort.key]}`;
    const progress =
      total === null
        ? `${formatCount(loadedRows)} loaded`
        : `${formatCount(loadedRows)} of ${formatCount(total)} loaded`;
    text = `${why} needs every row: ${progress}… Until then the rows stay in the service's order.`;
  } else if (filter) {
    const count = `${formatCount(shown.count)}${shown.exact ? '' : '+'}`;
    text = `${count} ${shown.count === 1 && shown.exact ? 'match' : 'matches'} for “${filter}”`;
  }
  return (
    <p
      role="status"
      className="border-b border-neutral-100 px-4 py-1 text-xs text-neutral-600 tabular-nums empty:hidden sm:px-6 dark:border-neutral-800 dark:text-neutral-400"
    >
      {text}
      {failedPages > 0 && (
        <>
          {text && ' '}
          {failedPages === 1
            ? 'A page of rows could not be loaded.'
            : `${failedPages} pages of rows could not be loaded.`}{' '}
          <button
            type="button"
            onClick={onRetryFailed}
            className="font-medium text-accent-700 underline dark:text-accent-300"
          >
            Retry
          </button>
        </>
      )}
    </p>
  );
}
