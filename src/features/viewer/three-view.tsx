import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { createScene, type SceneHandle } from './three-scene';

export interface ThreeViewProps {
  url: string;
  selectedId: number | null;
  onSelect: (dbId: number | null) => void;
}

type LoadState = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; message: string };

/** The React side of the preview: this module and three.js are one lazily loaded chunk. */
export function ThreeView({ url, selectedId, onSelect }: ThreeViewProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<SceneHandle | null>(null);
  const selectRef = useRef(onSelect);
  const [load, setLoad] = useState<LoadState>({ state: 'loading' });
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
      (error: unknown) => !cancelled && setLoad({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
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
    scene.highlight(selectedId);
    const point = selectedId === null ? null : scene.pickPoint(selectedId);
    setPick({ id: selectedId, point: point ? point.join(',') : 'none' });
  }, [selectedId, load.state]);

  return (
    <div className="relative flex min-h-96 flex-1 flex-col">
      <div className="absolute top-2 right-2 z-10 flex gap-2">
        <Button size="sm" onClick={() => sceneRef.current?.fit()} disabled={load.state !== 'ready'}>Zoom to fit</Button>
      </div>
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
      {load.state === 'failed' && <p role="alert" className="absolute inset-x-0 top-12 text-center text-sm text-red-700">The preview could not be shown: {load.message}</p>}
    </div>
  );
}
