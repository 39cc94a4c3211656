import type { WebhookRegion } from '../../../contracts/webhooks';

/** The regions the page offers: where Autodesk's Webhooks service runs for most people. */
export const PAGE_REGIONS: readonly WebhookRegion[] = ['US', 'EMEA'];

/** The region an address names (`?region=EMEA`), US when it names none the page offers. */
export function regionOf(search: URLSearchParams): WebhookRegion {
  const asked = search.get('region')?.toUpperCase();
  return PAGE_REGIONS.find((known) => known === asked) ?? 'US';
}

/** Where the Webhooks page lives, so the route, the navigation and the links agree. */
export const WEBHOOKS_PAGE_PATH = '/webhooks';

/** The page with one hook open, in its region. */
export function hookPagePath(region: WebhookRegion, hookId: string | null): string {
  const query = new URLSearchParams();
  if (region !== 'US') query.set('region', region);
  if (hookId) query.set('hook', hookId);
  const search = query.toString();
  return search ? `${WEBHOOKS_PAGE_PATH}?${search}` : WEBHOOKS_PAGE_PATH;
}
