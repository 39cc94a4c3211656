import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useRowWindow } from '../../lib/use-row-window';
import { useNow } from '../../lib/time';
import { GridHeader, HEADER_HEIGHT, NAME_COL, ROW_HEIGHT, type SortState } from './grid-columns';
import { GridRow, type GridEntry, type SelectMode } from './grid-row';

export interface FolderGridProps {
  label: string;
  count: number;
  entryAt: (index: number) => GridEntry;
  hrefAt: (index: number) => string | null;
  sort: SortState;
  onSort: (next: SortState) => void;
  onOpen: (href: string) => void;
  /** Backspace: to the folder above. */
  onUp?: () => void;
  onRangeChange: (range: { start: number; end: number }) => void;
  onRetryPage: (page: number) => void;
  /** Picking rows, their menu and their keys; a grid without them only browses. */
  rows?: RowHandlers;
  /** Narrower, beside the details panel: the type and author columns step aside. */
  compact?: boolean;
}

export interface RowHandlers {
  isSelected: (index: number) => boolean;
  onSelect: (index: number, mode: SelectMode) => void;
  onSelectAll: () => void;
  onClear: () => void;
  /** The row's actions, at the pointer or beside the focused cell. */
  onMenu: (index: number, at: { x: number; y: number }) => void;
  /** F2 and Delete on the focused row. */
  onKeyAction: (index: number, action: 'rename' | 'delete') => void;
}

const COLUMN_COUNT = 8;
const OVERSCAN = 8;

/**
 * The folder view: an ARIA grid over a virtualized list, so 5,000 rows cost the DOM of the few on
 * screen (rows are all 36 px, so each is placed by its index). The grid is one tab stop; arrows,
 * Page Up/Down and Home/End move the focused cell, Enter opens the row's folder or item, Backspace
 * goes up. Space picks the row (Shift for a range, Ctrl+A all, Escape none), Shift+arrows extend the
 * pick, and the context-menu key or Shift+F10 opens the row's menu.
 */
export function FolderGrid({
  label,
  count,
  entryAt,
  hrefAt,
  sort,
  onSort,
  onOpen,
  onUp,
  onRangeChange,
  onRetryPage,
  rows,
  compact = false,
}: FolderGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState({ row: 0, col: NAME_COL });
  const [focusPending, setFocusPending] = useState(false);
  const now = useNow(60_000);
  const {
    first: start,
    last,
    totalHeight,
    scrollToIndex,
  } = useRowWindow({ count, rowHeight: ROW_HEIGHT, overscan: OVERSCAN, headerHeight: HEADER_HEIGHT, scrollRef });
  const end = Math.max(start, last);

  useEffect(() => onRangeChange({ start, end }), [start, end, onRangeChange]);

  // Keys move focus to a row that may not be rendered yet: focus it once it is.
  useEffect(() => {
    if (!focusPending) return;
    const cell =
      scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${active.row}:${active.col}"]`) ??
      scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${active.row}:0"]`);
    if (cell) {
      cell.focus({ preventScroll: true });
      setFocusPending(false);
    }
  }, [focusPending, active.row, active.col, start, end]);

  const row = Math.min(active.row, Math.max(0, count - 1));
  const move = (nextRow: number, nextCol = active.col) => {
    const target = Math.max(0, Math.min(count - 1, nextRow));
    setActive({ row: target, col: Math.max(0, Math.min(COLUMN_COUNT - 1, nextCol)) });
    setFocusPending(true);
    scrollToIndex(target);
  };
  // The tab stop stays on screen: when the active row has scrolled away, the first row shown takes it.
  const tabRow = row >= start && row <= end ? row : start;

  const menuAtFocus = (handlers: RowHandlers) => {
    const cell = scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${row}:${NAME_COL}"]`);
    const box = cell?.getBoundingClientRect();
    handlers.onMenu(row, { x: (box?.left ?? 0) + 24, y: box?.bottom ?? 0 });
  };
  const selectionKeys = (event: KeyboardEvent<HTMLDivElement>, handlers: RowHandlers): (() => void) | undefined => {
    const extend = (to: number) => {
      move(to);
      handlers.onSelect(Math.max(0, Math.min(count - 1, to)), 'range');
    };
    if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) return () => menuAtFocus(handlers);
    if (event.key === ' ') return () => handlers.onSelect(row, event.shiftKey ? 'range' : 'toggle');
    if (event.shiftKey && event.key === 'ArrowDown') return () => extend(row + 1);
    if (event.shiftKey && event.key === 'ArrowUp') return () => extend(row - 1);
    if (event.ctrlKey && event.key.toLowerCase() === 'a') return handlers.onSelectAll;
    if (event.key === 'Escape') return handlers.onClear;
    if (event.key === 'F2') return () => handlers.onKeyAction(row, 'rename');
    if (event.key === 'Delete') return () => handlers.onKeyAction(row, 'delete');
    return undefined;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLButtonElement || event.altKey || event.metaKey) return;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(row + 1),
      ArrowUp: () => move(row - 1),
      ArrowRight: () => move(row, active.col + 1),
      ArrowLeft: () => move(row, active.col - 1),
      PageDown: () => move(row + page),
      PageUp: () => move(row - page),
      Home: () => (event.ctrlKey ? move(0, NAME_COL) : move(row, 0)),
      End: () => (event.ctrlKey ? move(count - 1, NAME_COL) : move(row, COLUMN_COUNT - 1)),
      Enter: () => {
        const href = hrefAt(row);
        if (href) onOpen(href);
      },
      Backspace: () => onUp?.(),
    };
    const action = (rows && selectionKeys(event, rows)) ?? keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label={label}
      aria-rowcount={count + 1}
      aria-colcount={COLUMN_COUNT}
      aria-multiselectable={rows ? true : undefined}
      data-compact={compact || undefined}
      onKeyDown={onKeyDown}
      className="group/grid relative min-h-0 min-w-0 flex-1 overflow-auto"
    >
      <GridHeader sort={sort} onSort={onSort} />
      <div role="rowgroup" style={{ height: totalHeight }} className="relative">
        {Array.from({ length: last - start + 1 }, (_, offset) => start + offset).map((index) => (
          <GridRow
            key={index}
            index={index}
            entry={entryAt(index)}
            href={hrefAt(index)}
            // Each row lays itself out alone: a scroll step re-lays only the rows that came in.
            style={{ height: ROW_HEIGHT, transform: `translateY(${index * ROW_HEIGHT}px)`, contain: 'layout paint' }}
            activeCol={index === tabRow ? (tabRow === row ? active.col : NAME_COL) : null}
            now={now}
            onCellFocus={(col) => setActive({ row: index, col })}
            onRetry={onRetryPage}
            selected={rows?.isSelected(index)}
            onSelect={rows && ((mode) => rows.onSelect(index, mode))}
            onMenu={rows && ((at) => rows.onMenu(index, at))}
          />
        ))}
      </div>
    </div>
  );
}
