import { useEffect, useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { useThumbnailUrl } from '../../api/model-derivative/use-thumbnail-url';
import { CONTENTS_PAGE_SIZE } from '../../api/data-management/queries';
import { FileThumbnail } from '../../components/ui/file-icon';
import { Skeleton } from '../../components/ui/spinner';
import { TimeAgo } from '../../components/ui/time-ago';
import { cx } from '../../lib/class-names';
import { formatBytes } from '../../lib/format-bytes';
import type { ContentRow } from './content-rows';
import { CELL, GRID_TEMPLATE, NARROW_HIDDEN, PHONE_HIDDEN } from './grid-columns';

export type GridEntry = { state: 'ready'; row: ContentRow } | { state: 'loading' } | { state: 'failed'; page: number; first: boolean };

interface RowProps {
  entry: GridEntry;
  index: number;
  style: CSSProperties;
  href: string | null;
  /** The cell that holds the grid's one tab stop, or null when it is elsewhere. */
  activeCol: number | null;
  now: number;
  onCellFocus: (col: number) => void;
  onRetry: (page: number) => void;
}

const THUMBNAIL_DELAY_MS = 150;

/** True once the component has stayed mounted for `delayMs`. */
function useSettled(delayMs: number): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return settled;
}

const ROW = cx(GRID_TEMPLATE, 'absolute inset-x-0 top-0 border-b border-neutral-100 dark:border-neutral-800/70');
const focusable = (active: boolean) => ({ tabIndex: active ? 0 : -1, className: 'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-500' });

export function GridRow({ entry, index, style, href, activeCol, now, onCellFocus, onRetry }: RowProps) {
  // Rows on screen show their thumbnails; rows that fly past while scrolling ask for none.
  const settled = useSettled(THUMBNAIL_DELAY_MS);
  const thumbnail = useThumbnailUrl(entry.state === 'ready' ? (entry.row.thumbnail?.urn ?? null) : null, settled);
  const cell = (col: number, className?: string) => ({
    'data-cell': `${index}:${col}`,
    onFocus: () => onCellFocus(col),
    ...focusable(activeCol === col),
    className: cx(CELL, focusable(false).className, className),
  });

  if (entry.state !== 'ready') {
    return (
      <div role="row" aria-rowindex={index + 2} style={style} className={ROW}>
        <div role="gridcell" {...cell(0, 'col-span-full gap-2 pl-4 text-neutral-500')}>
          {entry.state === 'loading' ? (
            <>
              <Skeleton className="size-4" />
              <Skeleton className="h-3 w-48" />
              <span className="sr-only">Loading row {index + 1}</span>
            </>
          ) : entry.first ? (
            <span>
              Rows {entry.page * CONTENTS_PAGE_SIZE + 1}–{(entry.page + 1) * CONTENTS_PAGE_SIZE} could not be loaded.{' '}
              <button type="button" className="font-medium text-accent-700 underline dark:text-accent-300" onClick={() => onRetry(entry.page)}>
                Retry
              </button>
            </span>
          ) : (
            <span className="sr-only">Not loaded</span>
          )}
        </div>
      </div>
    );
  }

  const { row } = entry;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      style={style}
      className={cx(ROW, 'group hover:bg-neutral-50 focus-within:bg-accent-50/60 dark:hover:bg-neutral-900 dark:focus-within:bg-accent-950/40', row.hidden && 'opacity-70')}
    >
      <div role="rowheader" {...cell(0, 'gap-2 pl-4 font-medium text-neutral-900 dark:text-neutral-100')}>
        <FileThumbnail kind={row.fileKind} src={thumbnail} />
        {href ? (
          <Link to={href} tabIndex={-1} className="truncate hover:underline" title={row.name}>
            {row.name}
          </Link>
        ) : (
          <span className="truncate">{row.name}</span>
        )}
        {row.hidden && <span className="rounded bg-neutral-100 px-1 text-[10px] font-normal text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">hidden</span>}
      </div>
      <div role="gridcell" {...cell(1, cx(NARROW_HIDDEN, 'text-neutral-600 dark:text-neutral-300'))}>
        <span className="truncate" title={row.extensionType}>{row.typeLabel}</span>
      </div>
      <div role="gridcell" {...cell(2, cx(PHONE_HIDDEN, 'justify-end text-neutral-600 tabular-nums dark:text-neutral-300'))}>
        {row.versionNumber === null ? <span aria-label="No version">—</span> : `v${row.versionNumber}`}
      </div>
      <div role="gridcell" {...cell(3, 'justify-end text-neutral-600 tabular-nums dark:text-neutral-300')}>
        {row.size === null ? <span aria-label="No size">—</span> : formatBytes(row.size)}
      </div>
      <div role="gridcell" {...cell(4, 'text-neutral-600 tabular-nums dark:text-neutral-300')}>
        <TimeAgo at={row.modifiedAt} now={now} className="truncate" />
      </div>
      <div role="gridcell" {...cell(5, cx(NARROW_HIDDEN, 'text-neutral-600 dark:text-neutral-300'))}>
        <span className="truncate">{row.modifiedBy}</span>
      </div>
    </div>
  );
}
