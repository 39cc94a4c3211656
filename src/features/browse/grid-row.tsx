import { useEffect, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
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
import { TranslationPill, useTranslationState } from './translation-cell';
import { useDerivativeUrn } from './use-derivative-urn';

export type GridEntry =
  { state: 'ready'; row: ContentRow } | { state: 'loading' } | { state: 'failed'; page: number; first: boolean };

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
  selected?: boolean;
  /** A click that selects: alone, added or removed (Ctrl/Cmd), or a range from the last one (Shift). */
  onSelect?: (mode: SelectMode) => void;
  /** Right click: the row's actions at the pointer. */
  onMenu?: (at: { x: number; y: number }) => void;
}

export type SelectMode = 'only' | 'toggle' | 'range';
const modeOf = (event: MouseEvent): SelectMode =>
  event.shiftKey ? 'range' : event.ctrlKey || event.metaKey ? 'toggle' : 'only';

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
const focusable = (active: boolean) => ({
  tabIndex: active ? 0 : -1,
  className: 'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-500',
});

export function GridRow({
  entry,
  index,
  style,
  href,
  activeCol,
  now,
  onCellFocus,
  onRetry,
  selected = false,
  onSelect,
  onMenu,
}: RowProps) {
  // Rows on screen show their thumbnails; rows that fly past while scrolling ask for none.
  const settled = useSettled(THUMBNAIL_DELAY_MS);
  const designUrn = useDerivativeUrn(entry.state === 'ready' ? entry.row : null);
  const thumbnail = useThumbnailUrl(designUrn, settled);
  const translation = useTranslationState(designUrn, settled);
  const rowRef = useRef<HTMLDivElement>(null);
  // A placeholder row's one cell held the focus; once the row arrives, the focus goes to its cell.
  useEffect(() => {
    if (entry.state !== 'ready' || activeCol === null || activeCol === 0) return;
    const placeholder = rowRef.current?.querySelector(`[data-cell="${index}:0"]`);
    if (placeholder && placeholder === document.activeElement)
      rowRef.current?.querySelector<HTMLElement>(`[data-cell="${index}:${activeCol}"]`)?.focus({ preventScroll: true });
  }, [entry.state, activeCol, index]);
  const cell = (col: number, className?: string) => ({
    'data-cell': `${index}:${col}`,
    onFocus: () => onCellFocus(col),
    ...focusable(activeCol === col),
    className: cx(CELL, focusable(false).className, className),
  });

  if (entry.state !== 'ready') {
    return (
      <div ref={rowRef} role="row" aria-rowindex={index + 2} style={style} className={ROW}>
        {/* Focus waits here for the row without moving the grid's column. */}
        <div role="gridcell" {...cell(0, 'col-span-full gap-2 pl-4 text-neutral-500')} onFocus={undefined}>
          {entry.state === 'loading' ? (
            <>
              <Skeleton className="size-4" />
              <Skeleton className="h-3 w-48" />
              <span className="sr-only">Loading row {index + 1}</span>
            </>
          ) : entry.first ? (
            <span>
              Rows {entry.page * CONTENTS_PAGE_SIZE + 1}–{(entry.page + 1) * CONTENTS_PAGE_SIZE} could not be loaded.{' '}
              <button
                type="button"
                className="font-medium text-accent-700 underline dark:text-accent-300"
                onClick={() => onRetry(entry.page)}
              >
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
      ref={rowRef}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-selected={selected || undefined}
      style={style}
      onClick={(event) => {
        // A plain click on the name follows its link; every other click selects.
        const onLink = event.target instanceof Element && event.target.closest('a');
        const mode = modeOf(event);
        if (onLink && mode === 'only') return;
        event.preventDefault();
        onSelect?.(mode);
      }}
      onContextMenu={(event) => {
        if (!onMenu) return;
        event.preventDefault();
        onMenu({ x: event.clientX, y: event.clientY });
      }}
      className={cx(
        ROW,
        'group cursor-default',
        selected
          ? 'bg-accent-100/70 dark:bg-accent-900/40'
          : 'hover:bg-neutral-50 focus-within:bg-accent-50/60 dark:hover:bg-neutral-900 dark:focus-within:bg-accent-950/40',
        row.hidden && 'opacity-70',
      )}
    >
      <div role="gridcell" {...cell(0, cx(PHONE_HIDDEN, 'justify-center pl-3'))}>
        <FileThumbnail kind={row.fileKind} src={thumbnail} className="size-6" />
      </div>
      <div role="rowheader" {...cell(1, 'gap-2 pl-1 font-medium text-neutral-900 dark:text-neutral-100')}>
        {href ? (
          <Link to={href} tabIndex={-1} className="truncate hover:underline" title={row.name}>
            {row.name}
          </Link>
        ) : (
          <span className="truncate">{row.name}</span>
        )}
        {row.hidden && (
          <span className="rounded bg-neutral-100 px-1 text-[10px] font-normal text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
            hidden
          </span>
        )}
      </div>
      <div role="gridcell" {...cell(2, cx(NARROW_HIDDEN, 'text-neutral-600 dark:text-neutral-300'))}>
        <span className="truncate" title={row.extensionType}>
          {row.typeLabel}
        </span>
      </div>
      <div
        role="gridcell"
        {...cell(3, cx(PHONE_HIDDEN, 'justify-end text-neutral-600 tabular-nums dark:text-neutral-300'))}
      >
        {row.versionNumber === null ? <span aria-label="No version">—</span> : `v${row.versionNumber}`}
      </div>
      <div role="gridcell" {...cell(4, cx(PHONE_HIDDEN, 'text-xs text-neutral-600 dark:text-neutral-300'))}>
        {row.kind === 'folder' ? <span aria-label="Not a file">—</span> : <TranslationPill translation={translation} />}
      </div>
      <div role="gridcell" {...cell(5, 'justify-end text-neutral-600 tabular-nums dark:text-neutral-300')}>
        {row.size === null ? <span aria-label="No size">—</span> : formatBytes(row.size)}
      </div>
      <div role="gridcell" {...cell(6, 'text-neutral-600 tabular-nums dark:text-neutral-300')}>
        <TimeAgo at={row.modifiedAt} now={now} className="truncate" />
      </div>
      <div role="gridcell" {...cell(7, cx(NARROW_HIDDEN, 'text-neutral-600 dark:text-neutral-300'))}>
        <span className="truncate">{row.modifiedBy}</span>
      </div>
    </div>
  );
}
