import type { Queryable } from '../db/db';
import { EVENT_COLUMNS, newDeliveryId, type DeliveryKind, type EventRecord, type HeaderLine } from './wh-delivery-rows';

export interface DeliveryRecord {
  id: string;
  hookId: string;
  eventId: string;
  event: string;
  resourceUrn: string;
  kind: DeliveryKind;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  createdAt: Date;
  lastStatus: number | null;
}

export interface AttemptRecord {
  n: number;
  deliveryHeader: string;
  startedAt: Date;
  durationMs: number | null;
  requestHeaders: HeaderLine[];
  requestBody: string;
  responseStatus: number | null;
  responseHeaders: HeaderLine[] | null;
  responseBody: string | null;
  error: string | null;
}

const DELIVERY_COLUMNS = `d.id, d.hook_id AS "hookId", d.event_id::text AS "eventId", e.event, e.resource_urn AS "resourceUrn",
  d.kind, d.state, d.attempts, d.next_attempt_at AS "nextAttemptAt", d.created_at AS "createdAt",
  (SELECT a.response_status FROM wh_attempts a WHERE a.delivery_id = d.id ORDER BY a.n DESC LIMIT 1) AS "lastStatus"`;

/** The deliveries API's reads and the deliveries it adds by hand (a redelivery, a test event). */
export function deliveryLog(db: Queryable) {
  return {
    /** Newest first; one hook's, or every hook's. */
    async list(options: { hookId?: string | undefined; limit: number }): Promise<DeliveryRecord[]> {
      return db.query<DeliveryRecord>(
        `SELECT ${DELIVERY_COLUMNS} FROM wh_deliveries d JOIN wh_events e ON e.id = d.event_id
         WHERE ($1::text IS NULL OR d.hook_id = $1)
         ORDER BY d.created_at DESC, d.event_id DESC, d.id DESC LIMIT $2`,
        [options.hookId ?? null, options.limit],
      );
    },
    async find(id: string): Promise<DeliveryRecord | undefined> {
      const [row] = await db.query<DeliveryRecord>(
        `SELECT ${DELIVERY_COLUMNS} FROM wh_deliveries d JOIN wh_events e ON e.id = d.event_id WHERE d.id = $1`,
        [id],
      );
      return row;
    },
    async attempts(id: string): Promise<AttemptRecord[]> {
      return db.query<AttemptRecord>(
        `SELECT n, delivery_header AS "deliveryHeader", started_at AS "startedAt", duration_ms AS "durationMs",
           request_headers AS "requestHeaders", request_body AS "requestBody", response_status AS "responseStatus",
           response_headers AS "responseHeaders", response_body AS "responseBody", error
         FROM wh_attempts WHERE delivery_id = $1 ORDER BY n`,
        [id],
      );
    },
    /** A delivery made by hand: due now, outside the once-per-event rule (its kind is not `event`). */
    async add(eventId: string, hookId: string, kind: Exclude<DeliveryKind, 'event'>, now: Date): Promise<string> {
      const id = newDeliveryId();
      await db.query(
        `INSERT INTO wh_deliveries (id, event_id, hook_id, kind, next_attempt_at, created_at)
         VALUES ($1, $2::bigint, $3, $4, $5, $5)`,
        [id, eventId, hookId, kind, now],
      );
      return id;
    },
    /** A pending delivery's next attempt, brought forward to now ("retry now"); false when none waits. */
    async dueNow(id: string, now: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE wh_deliveries SET next_attempt_at = $2 WHERE id = $1 AND state = 'pending' RETURNING id`,
        [id, now],
      );
      return rows.length > 0;
    },
    /** An event only one hook sees (a test event): recorded as already dispatched, so no other hook gets it. */
    async addDispatchedEvent(event: Omit<EventRecord, 'id' | 'createdAt'>, now: Date): Promise<string> {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO wh_events (region, system, event, resource_urn, scope_key, scope_values, payload, created_at, dispatched_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id::text AS id`,
        [
          event.region,
          event.system,
          event.event,
          event.resourceUrn,
          event.scopeKey,
          event.scopeValues,
          JSON.stringify(event.payload),
          now,
        ],
      );
      return row!.id;
    },
    /** The latest events, newest first, without the test events the deliveries API made. */
    async recentEvents(limit: number): Promise<EventRecord[]> {
      return db.query<EventRecord>(
        `SELECT ${EVENT_COLUMNS} FROM wh_events e
         WHERE NOT EXISTS (SELECT 1 FROM wh_deliveries t WHERE t.event_id = e.id AND t.kind = 'test')
         ORDER BY e.id DESC LIMIT $1`,
        [limit],
      );
    },
    async findEvent(id: string): Promise<EventRecord | undefined> {
      if (!/^\d{1,18}$/.test(id)) return undefined;
      const [row] = await db.query<EventRecord>(`SELECT ${EVENT_COLUMNS} FROM wh_events e WHERE e.id = $1::bigint`, [
        id,
      ]);
      return row;
    },
  };
}
