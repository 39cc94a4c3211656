import type { Clock } from '../../../clock';
import type { WebhookDeliveriesRepo } from '../../../storage/repos/wh-deliveries';
import { hookMatches } from './matcher';
import { REACTIVATE_AFTER_SECONDS } from './retry-schedule';

export interface DispatchDeps {
  deliveries: WebhookDeliveriesRepo;
  clock: Clock;
}

/**
 * Turns waiting events into deliveries, a batch per transaction: the events are claimed with
 * `FOR UPDATE SKIP LOCKED`, one delivery is added per matching hook and the events are marked
 * dispatched before the commit, so on a shared server each event is dispatched by one instance,
 * once. Returns how many events it dispatched.
 */
export async function dispatchWaiting({ deliveries, clock }: DispatchDeps, batch = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await deliveries.db.transaction(async (tx) => {
      const events = await deliveries.claimEvents(tx, batch);
      if (events.length === 0) return 0;
      const now = clock.now();
      // A hook whose expiry has come goes before it can match (digest §4.5: checked on each event).
      await deliveries.health.deleteExpired(tx, now);
      const pairs = [...new Map(events.map((e) => [`${e.region}\n${e.system}`, e])).values()];
      const hooks = await deliveries.hooksOf(tx, pairs);
      const rows = events.flatMap((event) =>
        hooks.filter((hook) => hookMatches(hook, event, now)).map((hook) => ({ eventId: event.id, hookId: hook.id })),
      );
      await deliveries.addEventDeliveries(tx, rows, now);
      await deliveries.markDispatched(
        tx,
        events.map((e) => e.id),
        now,
      );
      return events.length;
    });
    total += count;
    if (count < batch) return total;
  }
}

/**
 * The hooks' own timers: expired hooks are deleted, inactive ones with `autoReactivateHook` whose
 * wait is over become `reactivated`. Returns when it next has work, for the engine's timer.
 */
export async function keepHooks(
  { deliveries, clock }: DispatchDeps,
  reactivateAfterSeconds = REACTIVATE_AFTER_SECONDS,
): Promise<Date | null> {
  const now = clock.now();
  const { db, health } = deliveries;
  const wait = reactivateAfterSeconds * 1000;
  const nextChange = async () => {
    const next = await health.nextChange(db);
    return earliest(next.expiry, next.inactiveSince && new Date(next.inactiveSince.getTime() + wait));
  };
  const due = await nextChange();
  if (!due || due > now) return due;
  await health.deleteExpired(db, now);
  await health.reactivate(db, new Date(now.getTime() - wait));
  return nextChange();
}

export function earliest(...dates: (Date | null | undefined)[]): Date | null {
  let first: Date | null = null;
  for (const date of dates) if (date && (!first || date < first)) first = date;
  return first;
}
