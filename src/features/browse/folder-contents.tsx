import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CONTENTS_PAGE_SIZE } from '../../api/data-management/queries';
import { describeError } from '../../api/describe-error';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { FolderIcon } from '../../components/ui/icons';
import { formatCount } from '../../lib/format-bytes';
import { compareRows, matchesFilter, type ContentRow } from './content-rows';
import { FolderGrid } from './folder-grid';
import { FolderGridSkeleton } from './folder-grid-skeleton';
import type { GridEntry } from './grid-row';
import { folderPath, itemPath } from './places';
import { useFolderPages } from './use-folder-pages';
import type { FolderView } from './use-folder-view';

interface FolderContentsProps {
  hubId: string;
  projectId: string;
  folderId: string;
  folderName: string;
  estimate: number | undefined;
  view: FolderView;
  onViewChange: (next: Partial<FolderView>) => void;
  onUp?: () => void;
}

/**
 * A folder's rows in the grid. In the service's order (name, folders first) pages load as they come
 * into view; another order or a filter needs every row, so every page loads, with progress shown.
 */
export function FolderContents({ hubId, projectId, folderId, folderName, estimate, view, onViewChange, onUp }: FolderContentsProps) {
  const navigate = useNavigate();
  const [visible, setVisible] = useState({ start: 0, end: 0 });
  const everything = view.filter.trim() !== '' || view.sort.key !== 'name' || view.sort.order !== 'asc';
  const pages = useFolderPages({ projectId, folderId, includeHidden: view.includeHidden, estimate, visible, everything });
  const onRangeChange = useCallback((range: { start: number; end: number }) => setVisible(range), []);

  const arranged = useMemo(
    () => (everything ? pages.loadedRows.filter((row) => matchesFilter(row, view.filter)).sort(compareRows(view.sort.key, view.sort.order)) : null),
    [everything, pages.loadedRows, view.filter, view.sort.key, view.sort.order],
  );
  const hrefOf = (row: ContentRow | undefined) =>
    !row ? null : row.kind === 'folder' ? folderPath(hubId, projectId, row.id) : itemPath(hubId, projectId, row.id);

  if (pages.first.isPending) return <FolderGridSkeleton />;
  if (pages.first.isLoadingError) {
    const { message, details, raw } = describeError(pages.first.error);
    return <ErrorState title="Couldn't load this folder" message={message} details={details} raw={raw} onRetry={() => pages.retryPage(0)} retrying={pages.first.isFetching} />;
  }
  if (pages.count === 0) {
    return (
      <EmptyState
        icon={<FolderIcon className="size-5" />}
        title="This folder is empty"
        description={view.includeHidden ? 'Files and folders put here will be listed.' : 'Files and folders put here will be listed. Hidden ones show with “Show hidden”.'}
      />
    );
  }

  const loading = everything && pages.loadedPages < pages.pageCount;
  const count = arranged ? arranged.length : pages.count;
  const failed = new Set(pages.failedPages);
  const entryAt = (index: number): GridEntry => {
    const row = arranged ? arranged[index] : pages.rowAt(index);
    if (row) return { state: 'ready', row };
    const page = Math.floor(index / CONTENTS_PAGE_SIZE);
    return !arranged && failed.has(page) ? { state: 'failed', page, first: index % CONTENTS_PAGE_SIZE === 0 } : { state: 'loading' };
  };

  return (
    <>
      <p role="status" className="border-b border-neutral-100 px-4 py-1 text-xs text-neutral-500 tabular-nums empty:hidden sm:px-6 dark:border-neutral-800 dark:text-neutral-400">
        {loading
          ? `Loading every row to ${view.filter ? 'filter' : 'sort'}: ${formatCount(pages.loadedRows.length)} of ${formatCount(pages.count)}…`
          : view.filter
            ? `${formatCount(count)} ${count === 1 ? 'match' : 'matches'} for “${view.filter}”`
            : ''}
      </p>
      {count === 0 && !loading ? (
        <EmptyState icon={<FolderIcon className="size-5" />} title="Nothing matches" description={`No name in this folder contains “${view.filter}”.`} />
      ) : (
        <FolderGrid
          key={`${folderId}:${view.includeHidden}`}
          label={`Contents of ${folderName}`}
          count={count}
          entryAt={entryAt}
          hrefAt={(index) => hrefOf(arranged ? arranged[index] : pages.rowAt(index))}
          sort={view.sort}
          onSort={(sort) => onViewChange({ sort })}
          onOpen={(href) => void navigate(href)}
          onUp={onUp}
          onRangeChange={onRangeChange}
          onRetryPage={pages.retryPage}
        />
      )}
    </>
  );
}
