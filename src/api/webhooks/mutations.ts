import { mutationOptions } from '@tanstack/react-query';
import type { HookPayload, ModifyHookPayload, WebhookRegion } from '../../../contracts/webhooks';
import { webhooksQueries } from './queries';
import {
  createHook,
  createSystemHooks,
  deleteHook,
  patchHook,
  redeliver,
  retryDelivery,
  sendTestEvent,
  setSecret,
  type HookRef,
} from './requests';

/**
 * Webhooks writes. Each names, in `meta.invalidates`, the keys its success makes stale; the one
 * MutationCache handler in src/app does the invalidating.
 */

// Writes are not cancelled from the outside: once the person asked, the request goes through.
const unstoppable = () => new AbortController().signal;

const regionList = (region: WebhookRegion) => webhooksQueries.hooks(region).queryKey;

export const webhooksMutations = {
  /** One hook for one event (or pattern) of `system`; the variable is the body. */
  createHook: (target: { region: WebhookRegion; system: string; event: string }) =>
    mutationOptions({
      mutationKey: [...webhooksQueries.all(), 'create-hook', target] as const,
      mutationFn: (payload: HookPayload) => createHook(target, payload, unstoppable()),
      meta: { invalidates: [regionList(target.region)] },
    }),
  /** One hook for every event of `system`, with the same body. */
  createSystemHooks: (target: { region: WebhookRegion; system: string }) =>
    mutationOptions({
      mutationKey: [...webhooksQueries.all(), 'create-system-hooks', target] as const,
      mutationFn: (payload: HookPayload) => createSystemHooks(target, payload, unstoppable()),
      meta: { invalidates: [regionList(target.region)] },
    }),
  /** Status, filter, attribute, secret, expiry, auto-reactivation: whatever the variable names. */
  patchHook: (ref: HookRef) =>
    mutationOptions({
      mutationKey: [...webhooksQueries.all(), 'patch-hook', ref] as const,
      mutationFn: (change: ModifyHookPayload) => patchHook(ref, change, unstoppable()),
      // Whether the hook matches an event (status, filter, expiry) may have changed with it.
      meta: { invalidates: [regionList(ref.region), webhooksQueries.hookScope(ref.hookId)] },
    }),
  deleteHook: (ref: HookRef) =>
    mutationOptions({
      mutationKey: [...webhooksQueries.all(), 'delete-hook', ref] as const,
      mutationFn: () => deleteHook(ref, unstoppable()),
      // Its deliveries go with it: refetched, they would only answer 404.
      meta: { invalidates: [regionList(ref.region)], removes: [webhooksQueries.hookScope(ref.hookId)] },
    }),
  /**
   * The caller's own secret in `region`. Nothing shown changes: a secret is never read back, and
   * deliveries already made keep the signature they were sent with.
   */
  setSecret: (region: WebhookRegion) =>
    mutationOptions({
      mutationKey: [...webhooksQueries.all(), 'secret', { region }] as const,
      mutationFn: (change: Parameters<typeof setSecret>[1]) => setSecret(region, change, unstoppable()),
      meta: { invalidates: [] },
    }),
  /** Sends a delivery of `hookId` again, as a new delivery; the variable is the delivery's id. */
  redeliver: (hookId: string) =>
    mutationOptions({
      mutationKey: [...webhooksQueries.all(), 'redeliver', { hookId }] as const,
      mutationFn: (deliveryId: string) => redeliver(deliveryId, unstoppable()),
      // The platform sends it as a delivery of its own: the list has one more.
      meta: { invalidates: [webhooksQueries.deliveriesScope(hookId)] },
    }),
  /** A pending delivery of `hookId` tried now; the variable is the delivery's id. */
  retryNow: (hookId: string) =>
    mutationOptions({
      mutationKey: [...webhooksQueries.all(), 'retry', { hookId }] as const,
      mutationFn: (deliveryId: string) => retryDelivery(deliveryId, unstoppable()),
      meta: { invalidates: [webhooksQueries.deliveriesScope(hookId), webhooksQueries.deliveryScope(hookId)] },
    }),
  /** A test event to the hook's callback URL, signed as a real one would be. */
  sendTest: (hookId: string) =>
    mutationOptions({
      mutationKey: [...webhooksQueries.all(), 'send-test', { hookId }] as const,
      mutationFn: () => sendTestEvent(hookId, unstoppable()),
      meta: { invalidates: [webhooksQueries.deliveriesScope(hookId)] },
    }),
};
