import {
  WEBHOOK_DELIVERIES_PATH,
  WEBHOOKS_PATH,
  type Delivery,
  type DeliveryList,
  type HookDetails,
  type HookList,
  type HookPayload,
  type MatchExplanation,
  type ModifyHookPayload,
  type RecordedEventList,
  type WebhookRegion,
} from '../../../contracts/webhooks';
import { request, requestJson, requestVoid } from '../http';

/**
 * Webhooks v1 (`/webhooks/v1`), one typed function per endpoint, the region always sent as
 * `x-ads-region` (which wins over any `region` query); and the local platform's deliveries API
 * (`/_platform/webhooks`), which only the local platform has.
 */

const enc = encodeURIComponent;
const inRegion = (region: WebhookRegion) => ({ 'x-ads-region': region });
const systemPath = (system: string) => `${WEBHOOKS_PATH}/systems/${enc(system)}`;
// Wildcard events (`dm.*`) stay as they are: the service stores the pattern and echoes it in `__self__`.
const eventHooksPath = (system: string, event: string) =>
  `${systemPath(system)}/events/${enc(event).replace(/%2A/gi, '*')}/hooks`;

/** Where a hook lives: every call on one hook names its region, system and event as well as its id. */
export interface HookRef {
  region: WebhookRegion;
  system: string;
  event: string;
  hookId: string;
}

export const hookRefOf = (hook: HookDetails, region: WebhookRegion): HookRef => ({
  region,
  system: hook.system,
  event: hook.event,
  hookId: hook.hookId,
});

const hookPath = ({ system, event, hookId }: HookRef) => `${eventHooksPath(system, event)}/${enc(hookId)}`;

/**
 * `links.next` is an absolute URL on the service's host, which through a gateway is not the app's:
 * only its `pageState` is sent back, on our own path (the service accepts the bare token).
 */
export function pageStateOf(next: string): string {
  try {
    return new URL(next).searchParams.get('pageState') ?? next;
  } catch {
    return next;
  }
}

/** `GET /hooks`: one page of the caller's hooks in `region`. */
export function getHooksPage(region: WebhookRegion, pageState: string | null, signal: AbortSignal) {
  return requestJson<HookList>(`${WEBHOOKS_PATH}/hooks`, {
    signal,
    headers: inRegion(region),
    query: { pageState },
  });
}

/** Every page of the caller's hooks in `region`, following `links.next` to the end. */
export async function getAllHooks(region: WebhookRegion, signal: AbortSignal): Promise<HookDetails[]> {
  const hooks: HookDetails[] = [];
  const seen = new Set<string>();
  let pageState: string | null = null;
  for (;;) {
    const page: HookList = await getHooksPage(region, pageState, signal);
    hooks.push(...page.data);
    if (!page.links.next) return hooks;
    pageState = pageStateOf(page.links.next);
    // A service that hands back a page it already gave would otherwise keep the loop going for ever.
    if (seen.has(pageState)) return hooks;
    seen.add(pageState);
  }
}

export function getHook(ref: HookRef, signal: AbortSignal) {
  return requestJson<HookDetails>(hookPath(ref), { signal, headers: inRegion(ref.region) });
}

/** `POST /systems/:system/events/:event/hooks`: 201 with no body; the new hook's id ends its `Location`. */
export async function createHook(
  { region, system, event }: Omit<HookRef, 'hookId'>,
  payload: HookPayload,
  signal: AbortSignal,
): Promise<{ hookId: string | null }> {
  const response = await request(eventHooksPath(system, event), {
    signal,
    method: 'POST',
    headers: inRegion(region),
    json: payload,
  });
  await response.body?.cancel().catch(() => {});
  const location = response.headers.get('Location');
  return { hookId: location ? (location.split('/').pop() ?? null) : null };
}

/** `POST /systems/:system/hooks`: one hook per event of the system. */
export async function createSystemHooks(
  { region, system }: { region: WebhookRegion; system: string },
  payload: HookPayload,
  signal: AbortSignal,
): Promise<HookDetails[]> {
  const answer = await requestJson<{ hooks: HookDetails[] }>(`${systemPath(system)}/hooks`, {
    signal,
    method: 'POST',
    headers: inRegion(region),
    json: payload,
  });
  return answer.hooks;
}

export function patchHook(ref: HookRef, change: ModifyHookPayload, signal: AbortSignal) {
  return requestVoid(hookPath(ref), { signal, method: 'PATCH', headers: inRegion(ref.region), json: change });
}

export function deleteHook(ref: HookRef, signal: AbortSignal) {
  return requestVoid(hookPath(ref), { signal, method: 'DELETE', headers: inRegion(ref.region) });
}

/**
 * The secret that signs callbacks of all the caller's hooks in `region` (a hook's own token wins).
 * `POST` creates it (400 if one exists), `PUT` replaces it, `DELETE` removes it.
 */
export function setSecret(
  region: WebhookRegion,
  change: { kind: 'create' | 'replace'; token: string } | { kind: 'delete' },
  signal: AbortSignal,
) {
  const headers = inRegion(region);
  if (change.kind === 'create')
    return requestVoid(`${WEBHOOKS_PATH}/tokens`, { signal, method: 'POST', headers, json: { token: change.token } });
  const path = `${WEBHOOKS_PATH}/tokens/@me`;
  if (change.kind === 'replace')
    return requestVoid(path, { signal, method: 'PUT', headers, json: { token: change.token } });
  return requestVoid(path, { signal, method: 'DELETE', headers });
}

// ——— The local platform's deliveries API ———

export function getDeliveries(hookId: string, limit: number, signal: AbortSignal) {
  return requestJson<DeliveryList>(`${WEBHOOK_DELIVERIES_PATH}/hooks/${enc(hookId)}/deliveries`, {
    signal,
    query: { limit },
  });
}

export function getDelivery(id: string, signal: AbortSignal) {
  return requestJson<Delivery>(`${WEBHOOK_DELIVERIES_PATH}/deliveries/${enc(id)}`, { signal });
}

export function redeliver(id: string, signal: AbortSignal) {
  return requestVoid(`${WEBHOOK_DELIVERIES_PATH}/deliveries/${enc(id)}/redeliver`, { signal, method: 'POST' });
}

/** A pending delivery's next attempt now rather than at its turn in the retry schedule (409 once settled). */
export function retryDelivery(id: string, signal: AbortSignal) {
  return requestVoid(`${WEBHOOK_DELIVERIES_PATH}/deliveries/${enc(id)}/retry`, { signal, method: 'POST' });
}

export function sendTestEvent(hookId: string, signal: AbortSignal) {
  return requestVoid(`${WEBHOOK_DELIVERIES_PATH}/hooks/${enc(hookId)}/test`, { signal, method: 'POST' });
}

export async function getRecordedEvents(signal: AbortSignal) {
  return (await requestJson<RecordedEventList>(`${WEBHOOK_DELIVERIES_PATH}/events`, { signal })).events;
}

/** Why `hookId` did or did not receive the recorded event `eventId`. */
export function explainMatch(hookId: string, eventId: string, signal: AbortSignal) {
  return requestJson<MatchExplanation>(`${WEBHOOK_DELIVERIES_PATH}/hooks/${enc(hookId)}/why`, {
    signal,
    query: { event: eventId },
  });
}
