import { Suspense, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CONTENTS_PAGE_SIZE } from '../../api/data-management/queries';
import { describeError } from '../../api/describe-error';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { FolderIcon } from '../../components/ui/icons';
import { lazyPart, usePreloadWhenIdle } from '../../lib/load-once';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { compareRows, type ContentRow } from './content-rows';
import { FolderGrid } from './folder-grid';
import { FolderGridSkeleton } from './folder-grid-skeleton';
import { FolderStatus } from './folder-status';
import type { GridEntry } from './grid-row';
import type { RowCommands } from './details-panel';
import { planNameFilter } from './name-filter';
import { folderPath, itemPath } from './places';
import { useFolderPages } from './use-folder-pages';
import { usePickedRows } from './use-picked-rows';
import type { FolderView } from './use-folder-view';

const FILTER_DELAY_MS = 250;
// Shown once a row is picked: fetched after the folder's first screen, not with it.
const DetailsPanel = lazyPart(() => import('./details-panel').then((module) => module.DetailsPanel));
const NO_COMMANDS: RowCommands = { open: () => {}, rename: () => {}, move: () => {}, remove: () => {} };

interface FolderContentsProps {
  hubId: string;
  projectId: string;
  folderId: string;
  folderName: string;
  estimate: number | undefined;
  view: FolderView;
  onViewChange: (next: Partial<FolderView>) => void;
  onUp?: () => void;
  /** What can be done to rows; without it the grid only browses. */
  commands?: RowCommands;
}

/**
 * A folder's rows in the grid. In the service's order (name, folders first) pages load as they come
 * into view, and a filter is the service's own, so it costs only the pages of its matches. Another
 * order needs every row: pages load with progress shown, the rows on screen staying where they are,
 * and the list is rearranged once, when the last row is in.
 */
export function FolderContents({
  hubId,
  projectId,
  folderId,
  folderName,
  estimate,
  view,
  onViewChange,
  onUp,
  commands,
}: FolderContentsProps) {
  const navigate = useNavigate();
  const [visible, setVisible] = useState({ start: 0, end: 0 });
  // Each filter is a request to the service: ask once the typing pauses, not per key.
  const filter = useDebouncedValue(view.filter.trim(), FILTER_DELAY_MS);
  const plan = planNameFilter(filter);
  const { key: sortKey, order } = view.sort;
  const everything = !plan.exact || sortKey !== 'name' || order !== 'asc';
  const pages = useFolderPages({
    projectId,
    folderId,
    includeHidden: view.includeHidden,
    nameContains: plan.server,
    estimate,
    visible,
    everything,
  });
  const onRangeChange = useCallback((range: { start: number; end: number }) => setVisible(range), []);

  const ready = everything && pages.complete;
  const arranged = useMemo(() => {
    if (!ready) return null;
    const { matches } = planNameFilter(filter);
    return pages.loadedRows.filter(matches).sort(compareRows(sortKey, order));
  }, [ready, pages.loadedRows, filter, sortKey, order]);
  const rowAt = (index: number) => (arranged ? arranged[index] : pages.rowAt(index));
  const hrefOf = (row: ContentRow | undefined) =>
    !row ? null : row.kind === 'folder' ? folderPath(hubId, projectId, row.id) : itemPath(hubId, projectId, row.id);
  const count = arranged ? arranged.length : pages.count;
  const picking = usePickedRows({ count, rowAt, commands: commands ?? NO_COMMANDS });
  usePreloadWhenIdle(DetailsPanel.preload);

  if (pages.first.isPending) return <FolderGridSkeleton />;
  if (pages.first.isLoadingError) {
    const { message, details, raw } = describeError(pages.first.error);
    return (
      <ErrorState
        title="Couldn't load this folder"
        message={message}
        details={details}
        raw={raw}
        onRetry={() => pages.retryPage(0)}
        retrying={pages.first.isFetching}
      />
    );
  }
  if (pages.count === 0 && !plan.server) {
    return (
      <EmptyState
        icon={<FolderIcon className="size-5" />}
        title="This folder is empty"
        description={
          view.includeHidden
            ? 'Files and folders put here will be listed.'
            : 'Files and folders put here will be listed. Hidden ones show with “Show hidden”.'
        }
      />
    );
  }

  const failed = new Set(pages.failedPages);
  const entryAt = (index: number): GridEntry => {
    const row = rowAt(index);
    if (row) return { state: 'ready', row };
    const page = Math.floor(index / CONTENTS_PAGE_SIZE);
    return failed.has(page) ? { state: 'failed', page, first: index % CONTENTS_PAGE_SIZE === 0 } : { state: 'loading' };
  };

  return (
    <>
      <FolderStatus
        filter={filter}
        sort={view.sort}
        gathering={everything && !ready}
        loadedRows={pages.loadedRows.length}
        total={plan.server ? null : pages.count}
        shown={{ count, exact: Boolean(arranged) || pages.exact }}
        failedPages={everything ? pages.failedPages.length : 0}
        onRetryFailed={() => pages.failedPages.forEach(pages.retryPage)}
      />
      {count === 0 && (arranged || pages.exact) ? (
        <EmptyState
          icon={<FolderIcon className="size-5" />}
          title="Nothing matches"
          description={`No name in this folder contains “${filter}”, in capitals or not.`}
        />
      ) : (
        <div className="flex min-h-0 flex-1">
          <FolderGrid
            // A new listing or a new arrangement starts at its top.
            key={`${folderId}:${view.includeHidden}:${plan.server}:${arranged ? `${sortKey}:${order}:${filter}` : 'listing'}`}
            label={`Contents of ${folderName}`}
            count={count}
            entryAt={entryAt}
            hrefAt={(index) => hrefOf(rowAt(index))}
            sort={view.sort}
            onSort={(sort) => onViewChange({ sort })}
            onOpen={(href) => void navigate(href)}
            onUp={onUp}
            onRangeChange={onRangeChange}
            onRetryPage={pages.retryPage}
            rows={commands && picking.handlers}
            compact={picking.picked.length > 0}
          />
          {commands && picking.picked.length > 0 && (
            <Suspense fallback={null}>
              <DetailsPanel
                projectId={projectId}
                rows={picking.picked}
                hrefOf={(row) => hrefOf(row)!}
                commands={commands}
                onClose={picking.clear}
              />
            </Suspense>
          )}
        </div>
      )}
      {picking.menu}
    </>
  );
}
