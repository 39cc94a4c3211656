import type { HookDetails, HookList } from '../../../contracts/webhooks';
import type { HookRecord } from '../../storage/repos/wh-hooks';

/** The service's timestamps: `yyyy-MM-dd'T'HH:mm:ss.SSS+0000`, always in UTC. */
export const hookTimestamp = (date: Date): string => date.toISOString().replace(/Z$/, '+0000');

/** A hook's path below `/webhooks/v1`: its `__self__`, and the tail of the `Location` a create answers. */
export const hookPath = (hook: Pick<HookRecord, 'system' | 'event' | 'id'>): string =>
  `/systems/${hook.system}/events/${hook.event}/hooks/${hook.id}`;

/**
 * `HookDetails` as every read shows a hook (and the delivery engine the `hook` of a callback):
 * unset optional fields left out, the per-hook token never shown.
 */
export function hookDetails(hook: HookRecord): HookDetails {
  return {
    hookId: hook.id,
    tenant: hook.tenant,
    callbackUrl: hook.callbackUrl,
    createdBy: hook.createdBy,
    event: hook.event,
    createdDate: hookTimestamp(hook.createdAt),
    lastUpdatedDate: hookTimestamp(hook.updatedAt),
    system: hook.system,
    creatorType: hook.creatorType,
    status: hook.status,
    autoReactivateHook: hook.autoReactivate,
    scope: { [hook.scopeKey]: hook.scopeValue },
    ...(hook.hookAttribute !== null ? { hookAttribute: hook.hookAttribute } : {}),
    ...(hook.filter !== null ? { filter: hook.filter } : {}),
    ...(hook.hookExpiry !== null ? { hookExpiry: hook.hookExpiry } : {}),
    ...(hook.hubId !== null ? { hubId: hook.hubId } : {}),
    ...(hook.projectId !== null ? { projectId: hook.projectId } : {}),
    ...(hook.payloadOnly ? { callbackWithEventPayloadOnly: true } : {}),
    urn: `urn:adsk.webhooks:events.hook:${hook.id}`,
    __self__: hookPath(hook),
  };
}

export const hookList = (hooks: readonly HookRecord[], next: string | null): HookList => ({
  links: { next },
  data: hooks.map(hookDetails),
});
