import type { Clock } from '../../config';
import { webhooksError } from '../../http/errors';
import type { Principal } from '../../storage/repos/hubs';
import { TooManyHooksError, type HookChanges, type HookRecord, type NewHook } from '../../storage/repos/wh-hooks';
import type { Stores } from '../../storage/stores';
import { callerOf, type Caller } from './access';
import { badInput } from './body';
import { eventsCovered, isKnownSystem, type CatalogueEvent } from './catalogue';
import type { HookChangeRequest, HookRequest } from './hook-payload';

export interface WebhooksContext {
  stores: Stores;
  clock: Clock;
  /** Hosts besides loopback a callback may name (`serve --automation-allow-host`). */
  allowHosts: readonly string[];
}

/** The published limit on hooks for one event and scope value. */
export const MAX_HOOKS_PER_SCOPE = 1000;

export const hookNotFound = (id: string) =>
  webhooksError(404, 'NOT_FOUND', `Hook ${id.slice(0, 100)} was not found in this region.`);

/** The path's system, if the catalogue lists it; else 400, as the service refuses a system it does not know. */
export function knownSystem(system: string): string {
  if (!isKnownSystem(system)) throw badInput(`Unknown system "${system.slice(0, 60)}".`);
  return system;
}

/** The catalogue's events a path's event (a name or a `*` pattern) covers; 400 when it names none of the system's. */
export function coveredEvents(system: string, event: string): CatalogueEvent[] {
  const covered = eventsCovered(knownSystem(system), event);
  if (!covered.length) throw badInput(`The system ${system} has no event "${event.slice(0, 100)}".`);
  return covered;
}

/** A Data Management folder scope must name a folder the caller can see, as the service checks it. */
async function checkScope(stores: Stores, principal: Principal, system: string, request: HookRequest) {
  if (system !== 'data' || request.scopeKey !== 'folder') return;
  const projectId = await stores.webhookHooks.folderProject(request.scopeValue);
  if (!projectId || !(await stores.hubs.visibleProject(principal, projectId)))
    throw badInput(`The folder ${request.scopeValue.slice(0, 200)} does not exist, or you are not allowed to see it.`);
}

/**
 * One hook per event name (or the one pattern) in `events`, all or none: 409 when the caller already
 * has one of them (same region, system, event, scope and callback), 400 past the per-scope limit.
 */
export async function createHooks(
  ctx: WebhooksContext,
  principal: Principal,
  target: { region: string; system: string; events: readonly string[] },
  request: HookRequest,
): Promise<HookRecord[]> {
  await checkScope(ctx.stores, principal, target.system, request);
  const caller = callerOf(principal);
  const hooks = target.events.map((event): NewHook => ({
    id: crypto.randomUUID(),
    region: target.region,
    system: target.system,
    event,
    scopeKey: request.scopeKey,
    scopeValue: request.scopeValue,
    callbackUrl: request.callbackUrl,
    creatorType: caller.creatorType,
    createdBy: caller.createdBy,
    clientId: caller.clientId,
    autoReactivate: request.autoReactivate ?? false,
    filter: request.filter ?? null,
    hookAttribute: request.hookAttribute ?? null,
    hookExpiry: request.hookExpiry?.given ?? null,
    expiresAt: request.hookExpiry?.at ?? null,
    tenant: request.tenant ?? request.scopeValue,
    hubId: request.hubId,
    projectId: request.projectId,
    payloadOnly: request.payloadOnly ?? false,
  }));
  try {
    const created = await ctx.stores.webhookHooks.createAll(hooks, ctx.clock.now(), MAX_HOOKS_PER_SCOPE);
    if (!created) throw webhooksError(409, 'CONFLICT', 'Failed to create the hook: the same hook already exists.');
    return created;
  } catch (error) {
    if (error instanceof TooManyHooksError)
      throw badInput(`Failed to create more than ${MAX_HOOKS_PER_SCOPE} hooks for same scope.`);
    throw error;
  }
}

/** The caller's hook in this region under this system and event; 404 for anyone else's, or elsewhere. */
export async function ownHook(
  ctx: WebhooksContext,
  caller: Caller,
  at: { region: string; system: string; event: string; id: string },
): Promise<HookRecord> {
  const hook = await ctx.stores.webhookHooks.find(at.id);
  if (
    !hook ||
    hook.region !== at.region ||
    hook.system !== at.system ||
    hook.event !== at.event ||
    hook.creatorType !== caller.creatorType ||
    hook.createdBy !== caller.createdBy
  )
    throw hookNotFound(at.id);
  return hook;
}

/**
 * A PATCH: missing fields stay, `null` clears. Activating a hook forgets its failures and its
 * reactivation cycles; deactivating it records when, as a failed delivery would.
 */
export async function changeHook(ctx: WebhooksContext, hook: HookRecord, request: HookChangeRequest) {
  const now = ctx.clock.now();
  const changes: HookChanges = {
    filter: request.filter,
    hookAttribute: request.hookAttribute,
    token: request.token,
    ...(request.hookExpiry !== undefined
      ? { hookExpiry: request.hookExpiry?.given ?? null, expiresAt: request.hookExpiry?.at ?? null }
      : {}),
    ...(request.autoReactivate !== undefined ? { autoReactivate: request.autoReactivate ?? false } : {}),
    ...(request.payloadOnly !== undefined ? { payloadOnly: request.payloadOnly ?? false } : {}),
    ...(request.status === 'active'
      ? { status: 'active', failedEvents: 0, reactivationCycles: 0, inactiveSince: null }
      : request.status === 'inactive'
        ? { status: 'inactive', ...(hook.status === 'inactive' ? {} : { inactiveSince: now }) }
        : {}),
  };
  const updated = await ctx.stores.webhookHooks.update(hook.id, changes, now);
  if (!updated) throw hookNotFound(hook.id);
  return updated;
}
