import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

export interface RowWindowOptions {
  count: number;
  /** Every row has this height: what lets the window be computed rather than measured. */
  rowHeight: number;
  /** Rows rendered beyond each edge, so a fast scroll does not show blank space. */
  overscan: number;
  /** Height of a sticky header inside the scroll container, above the first row. */
  headerHeight?: number;
  scrollRef: RefObject<HTMLElement | null>;
}

export interface RowWindow {
  /** First and last rows to render (inclusive); last is -1 when there are none. */
  first: number;
  last: number;
  totalHeight: number;
  /** Scrolls just enough to show the row whole, below the sticky header. */
  scrollToIndex: (index: number) => void;
}

/**
 * Which rows of a long list of equal-height rows are on screen, from the scroll position alone. A
 * dozen lines instead of a virtualization library: fixed rows need no measuring, and the folder
 * view's first screen has a JavaScript budget to keep.
 */
export function useRowWindow({ count, rowHeight, overscan, headerHeight = 0, scrollRef }: RowWindowOptions): RowWindow {
  const [viewport, setViewport] = useState({ top: 0, height: 0 });

  const measure = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const next = { top: element.scrollTop, height: element.clientHeight };
    // Only a change of the rendered rows needs a render, not every pixel of scrolling.
    setViewport((current) => (bucket(current, rowHeight) === bucket(next, rowHeight) ? current : next));
  }, [scrollRef, rowHeight]);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [scrollRef, measure]);

  // Row i spans headerHeight + i × rowHeight onwards; the sticky header hides the view's top
  // headerHeight pixels, so the first row seen is the one at scrollTop + headerHeight.
  const first = Math.max(0, Math.floor(viewport.top / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((viewport.top + viewport.height - headerHeight) / rowHeight) + overscan);

  const scrollToIndex = (index: number) => {
    const element = scrollRef.current;
    if (!element) return;
    const rowTop = headerHeight + index * rowHeight;
    if (rowTop - headerHeight < element.scrollTop) element.scrollTop = rowTop - headerHeight;
    else if (rowTop + rowHeight > element.scrollTop + element.clientHeight)
      element.scrollTop = rowTop + rowHeight - element.clientHeight;
    measure();
  };

  return { first, last, totalHeight: count * rowHeight, scrollToIndex };
}

function bucket({ top, height }: { top: number; height: number }, rowHeight: number): string {
  return `${Math.floor(top / rowHeight)}:${Math.ceil((top + height) / rowHeight)}`;
}
