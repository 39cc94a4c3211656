import { matchRoutes, type Location, type Params, type RouteObject } from 'react-router-dom';

/** Starts a page's queries for an address; it does not wait, so the page shows its skeleton at once. */
export type Prefetch = (params: Params, url: URL) => void;

/** What a route carries besides its element: its page's prefetch. */
export interface RouteHandle {
  prefetch?: Prefetch;
}

/**
 * Runs the matched routes' prefetches when the address changes. Called during the render that moves
 * there, which starts loading the page's chunk too, so its data and its code come at once instead of
 * one after the other (an effect would wait until the new page's chunk had arrived and it rendered).
 * A render may run twice (StrictMode, a transition retried): each address is prefetched once.
 */
export function createPrefetcher(routes: RouteObject[]) {
  let last = '';
  return (location: Location) => {
    const address = `${location.pathname}${location.search}`;
    if (address === last) return;
    last = address;
    const url = new URL(address, window.location.origin);
    for (const { route, params } of matchRoutes(routes, location) ?? [])
      (route.handle as RouteHandle | undefined)?.prefetch?.(params, url);
  };
}
