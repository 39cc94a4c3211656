import type { Queryable } from '../db/db';

/** Failed events (each after its last retry) that make a hook inactive, as in the cloud. */
export const FAILED_EVENTS_TO_DEACTIVATE = 5;
/** Failed reactivation cycles after which a hook stays inactive and `autoReactivateHook` turns off. */
export const MAX_REACTIVATION_CYCLES = 5;

/** Made inactive by failures (not by its owner), and to be brought back. */
const REACTIVATABLE = `status = 'inactive' AND auto_reactivate AND failed_events >= ${FAILED_EVENTS_TO_DEACTIVATE}`;

/**
 * How deliveries change their hook (digest §4.5): failures make it inactive, a success makes it
 * healthy again, `autoReactivateHook` brings an inactive one back on probation, expiry deletes it.
 * Every change is guarded by the status it starts from, so two attempts finishing at once count once.
 */
export function hookHealth() {
  return {
    /** A delivered event: the failure count starts again; a reactivated hook is active again. */
    async delivered(q: Queryable, hookId: string): Promise<void> {
      await q.query(
        `UPDATE wh_hooks SET failed_events = 0, status = 'active', inactive_since = NULL,
           reactivation_cycles = CASE WHEN status = 'reactivated' THEN 0 ELSE reactivation_cycles END
         WHERE id = $1 AND status IN ('active', 'reactivated')`,
        [hookId],
      );
    },
    /** An event that failed its last attempt; true when this made the hook inactive. */
    async eventFailed(q: Queryable, hookId: string, now: Date): Promise<boolean> {
      const [row] = await q.query<{ status: string }>(
        `UPDATE wh_hooks SET failed_events = failed_events + 1,
           status = CASE WHEN failed_events + 1 >= $3 THEN 'inactive' ELSE status END,
           inactive_since = CASE WHEN failed_events + 1 >= $3 THEN $2 ELSE inactive_since END
         WHERE id = $1 AND status = 'active' RETURNING status`,
        [hookId, now, FAILED_EVENTS_TO_DEACTIVATE],
      );
      return row?.status === 'inactive';
    },
    /** The one attempt of a reactivated hook failed: inactive again, one more cycle, and after the last no more. */
    async reactivationFailed(q: Queryable, hookId: string, now: Date): Promise<boolean> {
      const rows = await q.query(
        `UPDATE wh_hooks SET status = 'inactive', inactive_since = $2, reactivation_cycles = reactivation_cycles + 1,
           auto_reactivate = auto_reactivate AND reactivation_cycles + 1 < $3
         WHERE id = $1 AND status = 'reactivated' RETURNING id`,
        [hookId, now, MAX_REACTIVATION_CYCLES],
      );
      return rows.length > 0;
    },
    /**
     * The hook just went inactive: its other waiting event deliveries are dropped, as the cloud drops
     * them (the deliveries API can still send them again). Attempts under way finish on their own.
     */
    async dropWaiting(q: Queryable, hookId: string, now: Date): Promise<void> {
      await q.query(
        `UPDATE wh_deliveries SET state = 'failed', lease_holder = NULL, lease_expires_at = NULL
         WHERE hook_id = $1 AND kind = 'event' AND state = 'pending'
           AND (lease_expires_at IS NULL OR lease_expires_at <= $2)`,
        [hookId, now],
      );
    },
    /**
     * Hooks that failures made inactive, with `autoReactivateHook`, whose wait is over become
     * `reactivated`; how many. A hook its owner turned off stays off.
     */
    async reactivate(q: Queryable, inactiveBefore: Date): Promise<number> {
      const rows = await q.query(
        `UPDATE wh_hooks SET status = 'reactivated' WHERE ${REACTIVATABLE} AND inactive_since <= $1 RETURNING id`,
        [inactiveBefore],
      );
      return rows.length;
    },
    /** Hooks whose `hookExpiry` has come are deleted, with their deliveries; how many. */
    async deleteExpired(q: Queryable, now: Date): Promise<number> {
      const rows = await q.query(`DELETE FROM wh_hooks WHERE expires_at <= $1 RETURNING id`, [now]);
      return rows.length;
    },
    /** The first expiry and the first start of an inactive wait with auto-reactivation; a cheap read. */
    async nextChange(q: Queryable): Promise<{ expiry: Date | null; inactiveSince: Date | null }> {
      const [row] = await q.query<{ expiry: Date | null; inactiveSince: Date | null }>(
        `SELECT min(expires_at) AS expiry,
           min(inactive_since) FILTER (WHERE ${REACTIVATABLE}) AS "inactiveSince"
         FROM wh_hooks`,
      );
      return { expiry: row?.expiry ?? null, inactiveSince: row?.inactiveSince ?? null };
    },
  };
}
