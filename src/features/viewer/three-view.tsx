import { useEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { createScene, type SceneHandle } from './three-scene';
import { ViewerToolbar, type FocusMode } from './viewer-toolbar';

export interface ThreeViewProps {
  url: string;
  selectedId: number | null;
  /** The selected object and everything below it in the tree: an assembly shows as its parts. */
  selectedIds: ReadonlySet<number>;
  onSelect: (dbId: number | null) => void;
}

type LoadState = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; message: string };

/** The React side of the preview: this module and three.js are one lazily loaded chunk. */
export function ThreeView({ url, selectedId, selectedIds, onSelect }: ThreeViewProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<SceneHandle | null>(null);
  const selectRef = useRef(onSelect);
  const [load, setLoad] = useState<LoadState>({ state: 'loading' });
  const [mode, setMode] = useState<FocusMode | null>(null);
  // Isolate and ghost follow the selection; clearing it (a click on empty space) keeps the last one in focus.
  const [focusIds, setFocusIds] = useState<ReadonlySet<number>>(selectedIds);
  if (selectedIds.size > 0 && selectedIds !== focusIds) setFocusIds(selectedIds);
  const focus = useMemo(() => (mode && focusIds.size ? { mode, ids: focusIds } : null), [mode, focusIds]);
  // Where a click would pick the selected object, for the object it was worked out for.
  const [pick, setPick] = useState<{ id: number | null; point: string }>({ id: null, point: '' });
  useEffect(() => {
    selectRef.current = onSelect;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let handle: SceneHandle | null = null;
    setLoad({ state: 'loading' });
    createScene(host, url, (dbId) => selectRef.current(dbId)).then(
      (created) => {
        if (cancelled) return created.dispose();
        handle = sceneRef.current = created;
        setLoad({ state: 'ready' });
      },
      (error: unknown) =>
        !cancelled && setLoad({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
      handle?.dispose();
      sceneRef.current = null;
    };
  }, [url]);

  useEffect(() => {
    const scene = sceneRef.current;
    if (!scene || load.state !== 'ready') return;
    scene.show(selectedIds, focus);
    const point = selectedId === null ? null : scene.pickPoint(selectedIds);
    setPick({ id: selectedId, point: point ? point.join(',') : 'none' });
  }, [selectedId, selectedIds, focus, load.state]);

  const ready = load.state === 'ready';
  const outOfSight =
    ready && selectedId !== null && pick.id === selectedId && pick.point === 'none' && selectedIds.size > 0;
  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-2">
      <ViewerToolbar
        ready={ready}
        hasSelection={selectedIds.size > 0}
        mode={focus?.mode ?? null}
        onFitAll={() => sceneRef.current?.fit()}
        onFitSelection={() => sceneRef.current?.fit(selectedIds)}
        onMode={setMode}
      />
      <div className="relative flex min-h-96 min-w-0 flex-1 flex-col">
        {/* Over the canvas rather than above it, so the view does not jump when it appears. */}
        <p
          role="status"
          className={
            outOfSight
              ? 'absolute inset-x-2 top-2 z-10 rounded-md bg-amber-50 px-2 py-1 text-sm break-words text-amber-900 shadow-sm dark:bg-amber-950 dark:text-amber-100'
              : 'sr-only'
          }
        >
          {outOfSight
            ? 'The selected object is out of sight, behind others or outside the view: Isolate, Ghost others or Fit to selection shows it.'
            : ''}
        </p>
        <div
          ref={hostRef}
          role="img"
          aria-label="3D preview"
          aria-busy={load.state === 'loading'}
          data-state={load.state}
          data-selected={selectedId ?? ''}
          // Where a click would pick the selected object ('none' when none of it is in sight, '' until
          // worked out): lets tests and benchmarks click a real pixel.
          data-pick-point={selectedId !== null && pick.id === selectedId ? pick.point : ''}
          className="min-h-96 flex-1 overflow-hidden rounded-md border border-neutral-200 dark:border-neutral-800"
        />
        {load.state === 'loading' && (
          <p role="status" className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-neutral-500">
            <Spinner /> Loading the 3D preview…
          </p>
        )}
        {load.state === 'failed' && (
          <p role="alert" className="absolute inset-x-0 top-12 text-center text-sm text-red-700">
            The preview could not be shown: {load.message}
          </p>
        )}
      </div>
    </div>
  );
}
