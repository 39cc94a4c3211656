import { lazy, useEffect, type ComponentType } from 'react';

/**
 * A chunk's loader that imports once and hands every caller the same promise; a failed import (the
 * network dropped) is forgotten, so the next call tries again instead of failing for good.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

/**
 * A component kept out of the first screen's JavaScript (a panel or dialog shown after a click), with
 * `preload` to fetch it once that screen is idle, so the click does not wait for the network.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const once = loadOnce(load);
  return Object.assign(
    lazy(() => once().then((component) => ({ default: component }))),
    { preload: once },
  );
}

type Preload = () => Promise<unknown>;

/** Fetches chunks the page will likely need once the browser is idle after showing it (within 2 s at the latest). */
export function usePreloadWhenIdle(...loads: Preload[]) {
  useEffect(() => {
    const start = () => {
      for (const load of loads) load().catch(() => undefined);
    };
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(start, { timeout: 2000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(start, 200);
    return () => clearTimeout(timer);
    // The loaders are module-level constants: once per mount is what is meant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
