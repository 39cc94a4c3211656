import type { Db, Queryable } from '../db/db';
import { deliveryLog } from './wh-delivery-log';
import { EVENT_COLUMNS, newDeliveryId, type DeliveryKind, type EventRecord, type HeaderLine } from './wh-delivery-rows';
import { hookHealth } from './wh-hook-health';
import { HOOK_COLUMNS, type HookRecord } from './wh-hooks';

export type { DeliveryKind, EventRecord, HeaderLine } from './wh-delivery-rows';

/** A delivery the deliverer holds the lease of. */
export interface ClaimedDelivery {
  id: string;
  eventId: string;
  hookId: string;
  kind: DeliveryKind;
  attempts: number;
}

/** What an attempt sent, recorded before the request goes out (a crash mid-attempt leaves it visible). */
export interface AttemptStart {
  deliveryHeader: string;
  startedAt: Date;
  headers: HeaderLine[];
  body: string;
}

export interface AttemptContext {
  hook: HookRecord;
  event: Pick<EventRecord, 'resourceUrn' | 'payload'>;
  ownerSecret: string | null;
}

export interface AttemptResult {
  durationMs: number;
  response: { status: number; headers: HeaderLine[]; body: string } | null;
  error: string | null;
}

/** A delivery of an event hook is worked only while its hook may receive events; tests and redeliveries always. */
const WORKABLE = `d.state = 'pending' AND (d.kind <> 'event' OR h.status IN ('active', 'reactivated'))`;

/**
 * Deliveries and their attempts (migration 013): what the dispatcher makes and the deliverer works.
 * Methods that take a `q` run inside the caller's transaction.
 */
export function webhookDeliveriesRepo(db: Db) {
  return {
    db,
    /** The deliveries API's reads and hand-made deliveries. */
    log: deliveryLog(db),
    /** How delivery outcomes change their hook. */
    health: hookHealth(),

    /** The oldest undispatched events, locked for this transaction (another instance skips them). */
    async claimEvents(q: Queryable, limit: number): Promise<EventRecord[]> {
      return q.query<EventRecord>(
        `SELECT ${EVENT_COLUMNS} FROM wh_events e WHERE e.dispatched_at IS NULL ORDER BY e.id LIMIT $1
         FOR UPDATE SKIP LOCKED`,
        [limit],
      );
    },
    /** Whether any event waits for the dispatcher (a cheap read; the embedded database remembers it). */
    async anyWaiting(): Promise<boolean> {
      return (await db.query(`SELECT id FROM wh_events WHERE dispatched_at IS NULL LIMIT 1`)).length > 0;
    },
    /** Every hook of the given (region, system) pairs: the only ones an event of them can match. */
    async hooksOf(q: Queryable, pairs: { region: string; system: string }[]): Promise<HookRecord[]> {
      return q.query<HookRecord>(
        `SELECT ${HOOK_COLUMNS} FROM wh_hooks h
         WHERE (h.region, h.system) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
        [pairs.map((p) => p.region), pairs.map((p) => p.system)],
      );
    },
    /** One event delivery per (event, hook); the unique index keeps a repeat from adding a second. */
    async addEventDeliveries(q: Queryable, rows: { eventId: string; hookId: string }[], now: Date): Promise<void> {
      if (rows.length === 0) return;
      await q.query(
        `INSERT INTO wh_deliveries (id, event_id, hook_id, kind, next_attempt_at, created_at)
         SELECT r.id, r.event_id::bigint, r.hook_id, 'event', $4, $4
         FROM unnest($1::text[], $2::text[], $3::text[]) AS r(id, event_id, hook_id)
         WHERE EXISTS (SELECT 1 FROM wh_hooks WHERE id = r.hook_id)
         ON CONFLICT DO NOTHING`,
        [rows.map(newDeliveryId), rows.map((r) => r.eventId), rows.map((r) => r.hookId), now],
      );
    },
    async markDispatched(q: Queryable, eventIds: string[], now: Date): Promise<void> {
      await q.query(`UPDATE wh_events SET dispatched_at = $2 WHERE id = ANY($1::bigint[])`, [eventIds, now]);
    },

    /** Due deliveries nobody holds, now held by `holder` until `until`. */
    async claimDue(holder: string, until: Date, now: Date, limit: number): Promise<ClaimedDelivery[]> {
      return db.query<ClaimedDelivery>(
        `WITH due AS (
           SELECT d.id FROM wh_deliveries d JOIN wh_hooks h ON h.id = d.hook_id
           WHERE ${WORKABLE} AND d.next_attempt_at <= $3 AND (d.lease_expires_at IS NULL OR d.lease_expires_at <= $3)
           ORDER BY d.next_attempt_at, d.id LIMIT $4 FOR UPDATE OF d SKIP LOCKED)
         UPDATE wh_deliveries w SET lease_holder = $1, lease_expires_at = $2 FROM due WHERE w.id = due.id
         RETURNING w.id, w.event_id::text AS "eventId", w.hook_id AS "hookId", w.kind, w.attempts`,
        [holder, until, now, limit],
      );
    },
    /** When the next workable delivery falls due (or its holder's lease lapses); null when none waits. */
    async nextDue(): Promise<Date | null> {
      const [row] = await db.query<{ due: Date | null }>(
        `SELECT min(GREATEST(d.next_attempt_at, COALESCE(d.lease_expires_at, d.next_attempt_at))) AS due
         FROM wh_deliveries d JOIN wh_hooks h ON h.id = d.hook_id WHERE ${WORKABLE}`,
      );
      return row?.due ?? null;
    },
    /** Hands back deliveries claimed but not attempted (a stop). */
    async release(holder: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.query(
        `UPDATE wh_deliveries SET lease_holder = NULL, lease_expires_at = NULL WHERE id = ANY($1) AND lease_holder = $2`,
        [ids, holder],
      );
    },
    /** A restart of the embedded database's only process takes back every lease: whoever held it is gone. */
    async releaseAll(): Promise<void> {
      await db.query(
        `UPDATE wh_deliveries SET lease_holder = NULL, lease_expires_at = NULL WHERE lease_holder IS NOT NULL AND state = 'pending'`,
      );
    },

    /** The hook as of now, what the envelope needs of the event, and the owner's secret: one read per attempt. */
    async attemptContext(delivery: ClaimedDelivery): Promise<AttemptContext | undefined> {
      const [row] = await db.query<
        HookRecord & { eventResourceUrn: string; eventPayload: Record<string, unknown>; ownerSecret: string | null }
      >(
        `SELECT ${HOOK_COLUMNS}, e.resource_urn AS "eventResourceUrn", e.payload AS "eventPayload",
           (SELECT s.token FROM wh_secrets s
            WHERE s.region = h.region AND s.creator_type = h.creator_type AND s.created_by = h.created_by) AS "ownerSecret"
         FROM wh_hooks h, wh_events e WHERE h.id = $1 AND e.id = $2::bigint`,
        [delivery.hookId, delivery.eventId],
      );
      if (!row) return undefined;
      const { eventResourceUrn, eventPayload, ownerSecret, ...hook } = row;
      return { hook, event: { resourceUrn: eventResourceUrn, payload: eventPayload }, ownerSecret };
    },
    /**
     * Counts and records the attempt before it is sent; its number, or undefined when the lease was lost.
     * An earlier attempt left without an outcome was cut short by a stop or a crash: it is marked so.
     * One statement, so no transaction: the embedded database writes its file once.
     */
    async startAttempt(id: string, holder: string, start: AttemptStart): Promise<number | undefined> {
      const [row] = await db.query<{ n: number }>(
        `WITH d AS (
           UPDATE wh_deliveries SET attempts = attempts + 1
           WHERE id = $1 AND lease_holder = $2 AND state = 'pending' RETURNING id, attempts),
         cut AS (
           UPDATE wh_attempts SET error = 'Cut short: the platform stopped before the answer was recorded.'
           WHERE delivery_id = $1 AND duration_ms IS NULL AND error IS NULL AND EXISTS (SELECT 1 FROM d))
         INSERT INTO wh_attempts (delivery_id, n, delivery_header, started_at, request_headers, request_body)
         SELECT d.id, d.attempts, $3, $4, $5, $6 FROM d RETURNING n`,
        [id, holder, start.deliveryHeader, start.startedAt, JSON.stringify(start.headers), start.body],
      );
      return row?.n;
    },
    async recordResult(q: Queryable, id: string, n: number, result: AttemptResult): Promise<void> {
      const { response } = result;
      await q.query(
        `UPDATE wh_attempts SET duration_ms = $3, response_status = $4, response_headers = $5, response_body = $6, error = $7
         WHERE delivery_id = $1 AND n = $2`,
        [
          id,
          n,
          result.durationMs,
          response?.status ?? null,
          response ? JSON.stringify(response.headers) : null,
          response?.body ?? null,
          result.error,
        ],
      );
    },
    /** The hook's status, its row locked until the transaction ends; undefined when it was deleted. */
    async lockHookStatus(q: Queryable, hookId: string): Promise<HookRecord['status'] | undefined> {
      const [row] = await q.query<{ status: HookRecord['status'] }>(
        `SELECT status FROM wh_hooks WHERE id = $1 FOR NO KEY UPDATE`,
        [hookId],
      );
      return row?.status;
    },
    /** Ends the attempt's hold: delivered, failed, or pending again until `next`; false when the lease was lost. */
    async settle(
      q: Queryable,
      id: string,
      holder: string,
      state: 'pending' | 'delivered' | 'failed',
      next: Date | null,
    ): Promise<boolean> {
      const rows = await q.query(
        `UPDATE wh_deliveries SET state = $3, next_attempt_at = COALESCE($4, next_attempt_at),
           lease_holder = NULL, lease_expires_at = NULL WHERE id = $1 AND lease_holder = $2 RETURNING id`,
        [id, holder, state, next],
      );
      return rows.length > 0;
    },
  };
}

export type WebhookDeliveriesRepo = ReturnType<typeof webhookDeliveriesRepo>;
