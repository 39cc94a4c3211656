import type { Queryable } from '../storage/db/db';

/** One row of the events outbox (wh_events), as tests read it back. */
export interface RecordedEventRow {
  id: string;
  region: string;
  system: string;
  event: string;
  resourceUrn: string;
  scopeKey: string;
  scopeValues: string[];
  payload: Record<string, unknown>;
}

const EVENT_COLUMNS = `id::text AS id, region, system, event, resource_urn AS "resourceUrn", scope_key AS "scopeKey",
  scope_values AS "scopeValues", payload`;

/** Every event recorded, oldest first. */
export const recordedEvents = (db: Queryable) =>
  db.query<RecordedEventRow>(`SELECT ${EVENT_COLUMNS} FROM wh_events ORDER BY id`);

/** A reader of the events recorded since its last call (or since it was made). */
export async function eventLog(db: Queryable): Promise<() => Promise<RecordedEventRow[]>> {
  const [last] = await db.query<{ id: number }>('SELECT COALESCE(max(id), 0)::integer AS id FROM wh_events');
  let seen = last!.id;
  return async () => {
    const rows = await db.query<RecordedEventRow>(`SELECT ${EVENT_COLUMNS} FROM wh_events WHERE id > $1 ORDER BY id`, [
      seen,
    ]);
    seen = Number(rows.at(-1)?.id ?? seen);
    return rows;
  };
}
