import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';

interface SplitPaneProps {
  main: ReactNode;
  side: ReactNode;
  /** What the side pane holds, for the separator's name ("Resize the properties"). */
  sideLabel: string;
  /** Where the chosen width is remembered between visits. */
  storageKey: string;
  defaultWidth?: number;
  minWidth?: number;
}

/** Pixels one arrow key moves the separator. */
const STEP = 24;
/** The main pane (the 3D view) keeps at least half the width: at 1024 px a wider side left it narrower than the tree. */
const MAIN_SHARE = 0.5;

function storedWidth(key: string): number | null {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/**
 * A main pane with a side pane to its right whose width the person sets: dragging the separator, or
 * focusing it and pressing Left and Right (Home and End for the widest and narrowest), as the
 * WAI-ARIA window splitter pattern has it. Below the large breakpoint the side pane sits underneath.
 */
export function SplitPane({ main, side, sideLabel, storageKey, defaultWidth = 440, minWidth = 280 }: SplitPaneProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(() => storedWidth(storageKey) ?? defaultWidth);
  const [containerWidth, setContainerWidth] = useState(0);
  useEffect(() => {
    const container = containerRef.current;
    if (!container || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setContainerWidth(container.clientWidth));
    observer.observe(container);
    return () => observer.disconnect();
  }, []);
  // Until the container is measured (and where nothing lays out), only the minimum binds.
  const maxWidth = containerWidth > 0 ? Math.max(minWidth, Math.round(containerWidth * (1 - MAIN_SHARE))) : Infinity;
  const clamped = Math.max(minWidth, Math.min(width, maxWidth));

  const choose = (next: number) => {
    const value = Math.round(Math.max(minWidth, Math.min(next, maxWidth)));
    setWidth(value);
    try {
      localStorage.setItem(storageKey, String(value));
    } catch {
      // Private modes may refuse storage: the width then lasts for this page only.
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = {
      ArrowLeft: clamped + STEP,
      ArrowRight: clamped - STEP,
      Home: Number.isFinite(maxWidth) ? maxWidth : clamped,
      End: minWidth,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(next);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const box = containerRef.current?.getBoundingClientRect();
    if (box && event.currentTarget.hasPointerCapture(event.pointerId)) choose(box.right - event.clientX);
  };

  return (
    // Below the breakpoint the panes stack at their own heights and the page scrolls; beside each other they share its height.
    <div
      ref={containerRef}
      className="flex flex-1 flex-col gap-4 lg:min-h-0 lg:flex-row lg:gap-0"
      style={{ '--side-width': `${clamped}px` } as CSSProperties}
    >
      <div className="flex min-w-0 flex-col lg:min-h-0 lg:flex-1">{main}</div>
      <div
        role="separator"
        tabIndex={0}
        aria-orientation="vertical"
        aria-label={`Resize ${sideLabel}`}
        aria-valuenow={clamped}
        aria-valuemin={minWidth}
        aria-valuemax={Number.isFinite(maxWidth) ? maxWidth : undefined}
        aria-valuetext={`${clamped} pixels wide`}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        className="group hidden w-3 shrink-0 cursor-col-resize touch-none justify-center outline-none lg:flex"
      >
        <span className="h-full w-px bg-neutral-200 group-hover:w-1 group-hover:bg-accent-400 group-focus-visible:w-1 group-focus-visible:bg-accent-500 dark:bg-neutral-800" />
      </div>
      <div className="flex h-[40rem] min-w-0 shrink-0 flex-col lg:h-auto lg:min-h-0 lg:w-(--side-width)">{side}</div>
    </div>
  );
}
