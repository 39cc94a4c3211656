import { queryOptions } from '@tanstack/react-query';
import type { WebhookRegion } from '../../../contracts/webhooks';
import { explainMatch, getAllHooks, getDeliveries, getDelivery, getRecordedEvents } from './requests';

/**
 * Webhooks query keys, from generic to specific: `['webhooks']` reaches everything, `hooksScope()`
 * every region's list, and what the local platform says about a hook hangs off `hookScope(hookId)`,
 * so a change to one hook reaches its deliveries and explanations and nothing else's.
 */

/** Deliveries a hook's list shows: the newest, as the log is for watching, not for archives. */
export const DELIVERIES_LIMIT = 50;

export const webhooksQueries = {
  all: () => ['webhooks'] as const,
  hooksScope: () => [...webhooksQueries.all(), 'hooks'] as const,
  /** All of the caller's hooks in `region`, every page. */
  hooks: (region: WebhookRegion) =>
    queryOptions({
      queryKey: [...webhooksQueries.hooksScope(), { region }] as const,
      queryFn: ({ signal }) => getAllHooks(region, signal),
    }),
  /** What the local platform says about one hook: its deliveries, each delivery, and why it matched or not. */
  hookScope: (hookId: string) => [...webhooksQueries.all(), 'hook', { hookId }] as const,
  deliveriesScope: (hookId: string) => [...webhooksQueries.hookScope(hookId), 'deliveries'] as const,
  deliveries: (hookId: string, limit = DELIVERIES_LIMIT) =>
    queryOptions({
      queryKey: [...webhooksQueries.deliveriesScope(hookId), { limit }] as const,
      queryFn: ({ signal }) => getDeliveries(hookId, limit, signal),
    }),
  deliveryScope: (hookId: string) => [...webhooksQueries.hookScope(hookId), 'delivery'] as const,
  delivery: (hookId: string, deliveryId: string) =>
    queryOptions({
      queryKey: [...webhooksQueries.deliveryScope(hookId), { deliveryId }] as const,
      queryFn: ({ signal }) => getDelivery(deliveryId, signal),
    }),
  /** The events the local platform recorded lately, newest first. */
  events: () =>
    queryOptions({
      queryKey: [...webhooksQueries.all(), 'events'] as const,
      queryFn: ({ signal }) => getRecordedEvents(signal),
    }),
  why: (hookId: string, eventId: string) =>
    queryOptions({
      queryKey: [...webhooksQueries.hookScope(hookId), 'why', { eventId }] as const,
      queryFn: ({ signal }) => explainMatch(hookId, eventId, signal),
    }),
};
