import type { Clock } from '../../../clock';
import type { ClaimedDelivery, WebhookDeliveriesRepo } from '../../../storage/repos/wh-deliveries';
import { callbackRequest, signingSecret } from './envelope';
import { sendCallback, type SendOptions } from './http-send';
import { attemptOutcome } from './retry-schedule';

export interface DelivererDeps {
  deliveries: WebhookDeliveriesRepo;
  clock: Clock;
  /** This engine's lease holder id. */
  holder: string;
  send: SendOptions;
  retryDelaysSeconds: readonly number[];
}

/**
 * One attempt of a delivery this engine holds: built from the hook as it is now, recorded before it
 * is sent (so a crash leaves a trace and the next holder repeats at most this one), sent, and its
 * outcome written with what it does to the hook, in one transaction.
 */
export async function attemptDelivery(deps: DelivererDeps, claimed: ClaimedDelivery): Promise<void> {
  const { deliveries, clock, holder } = deps;
  const context = await deliveries.attemptContext(claimed);
  // The hook or the event went (deleted with its deliveries) between the claim and now.
  if (!context) return;
  const { hook, event, ownerSecret } = context;
  const request = callbackRequest(claimed.id, hook, event, signingSecret(hook, ownerSecret));
  const startedAt = clock.now();
  const n = await deliveries.startAttempt(claimed.id, holder, {
    deliveryHeader: request.deliveryHeader,
    startedAt,
    headers: request.headers,
    body: request.body,
  });
  if (n === undefined) return;
  const sent = await sendCallback(hook.callbackUrl, request.headers, request.body, deps.send);
  const now = clock.now();
  await deliveries.db.transaction(async (tx) => {
    const durationMs = Math.max(0, now.getTime() - startedAt.getTime());
    await deliveries.recordResult(tx, claimed.id, n, { durationMs, response: sent.response, error: sent.error });
    // A success for a healthy hook changes nothing about it: its row is neither locked nor written
    // (every write to wh_hooks costs the embedded database's remembered hook reads).
    const healthy = sent.ok && hook.status === 'active' && hook.failedEvents === 0;
    const statusNow = healthy ? hook.status : await deliveries.lockHookStatus(tx, hook.id);
    const outcome = attemptOutcome({
      kind: claimed.kind,
      n,
      ok: sent.ok,
      statusAtSend: hook.status,
      statusNow,
      retryDelaysSeconds: deps.retryDelaysSeconds,
      now,
    });
    // Another holder took the delivery over (this one's lease lapsed): its outcome is the one that counts.
    if (!(await deliveries.settle(tx, claimed.id, holder, outcome.state, outcome.next))) return;
    const { health } = deliveries;
    let wentInactive = false;
    if (outcome.hook === 'delivered' && !healthy) await health.delivered(tx, hook.id);
    else if (outcome.hook === 'event-failed') wentInactive = await health.eventFailed(tx, hook.id, now);
    else if (outcome.hook === 'reactivation-failed') wentInactive = await health.reactivationFailed(tx, hook.id, now);
    if (wentInactive) await health.dropWaiting(tx, hook.id, now);
  });
}
