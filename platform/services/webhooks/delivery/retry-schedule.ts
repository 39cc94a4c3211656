import type { DeliveryKind } from '../../../storage/repos/wh-delivery-rows';
import type { HookRecord } from '../../../storage/repos/wh-hooks';

/**
 * Seconds between a failed attempt and the next. The cloud documents only "about 8 tries over
 * 48 hours with exponential back-off"; ours: 1 min, 5 min, 15 min, 1 h, 4 h, 12 h, 30 h, so 8 tries
 * span 47.5 hours, the first few close together (a receiver restarting is back within minutes) and
 * the last ones far apart. `serve --webhook-retry-delays` replaces it (tests compress it).
 */
export const CLOUD_RETRY_DELAYS_SECONDS: readonly number[] = [60, 300, 900, 3_600, 14_400, 43_200, 108_000];

/** How long a receiver has to answer, headers and body (the cloud: 7 s). */
export const DEFAULT_TIMEOUT_MS = 7_000;

/** How long an inactive hook with `autoReactivateHook` waits before it is `reactivated` (the cloud: 7 days). */
export const REACTIVATE_AFTER_SECONDS = 7 * 24 * 3_600;

export interface AttemptOutcomeInput {
  kind: DeliveryKind;
  /** This attempt's number, from 1. */
  n: number;
  ok: boolean;
  /** The hook's status when the attempt went out, and now (undefined: the hook was deleted). */
  statusAtSend: HookRecord['status'];
  statusNow: HookRecord['status'] | undefined;
  retryDelaysSeconds: readonly number[];
  now: Date;
}

export interface AttemptOutcome {
  state: 'pending' | 'delivered' | 'failed';
  /** When the next attempt is due (state pending). */
  next: Date | null;
  /** What the outcome does to the hook: only event deliveries count towards its health. */
  hook: 'delivered' | 'event-failed' | 'reactivation-failed' | 'none';
}

/**
 * What an attempt's answer leads to (digest §4.5). A test event gets one attempt; a reactivated
 * hook's event gets one attempt; an event whose hook went inactive meanwhile gets no more.
 * Redeliveries and test events are the operator's probes: they never change the hook.
 */
export function attemptOutcome(input: AttemptOutcomeInput): AttemptOutcome {
  const counts = input.kind === 'event' && input.statusNow !== undefined;
  if (input.ok) return { state: 'delivered', next: null, hook: counts ? 'delivered' : 'none' };
  const failed = (hook: AttemptOutcome['hook']): AttemptOutcome => ({ state: 'failed', next: null, hook });
  if (input.statusNow === undefined || input.kind === 'test') return failed('none');
  if (input.kind === 'event') {
    if (input.statusNow === 'inactive') return failed('none');
    if (input.statusAtSend === 'reactivated' || input.statusNow === 'reactivated') return failed('reactivation-failed');
  }
  const delay = input.retryDelaysSeconds[input.n - 1];
  if (delay === undefined) return failed(input.kind === 'event' ? 'event-failed' : 'none');
  return { state: 'pending', next: new Date(input.now.getTime() + delay * 1000), hook: 'none' };
}
