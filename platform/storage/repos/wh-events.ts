import { WEBHOOK_REGIONS, type WebhookRegion } from '../../../contracts/webhooks';
import type { Queryable } from '../db/db';

/** An event as a service records it, in the transaction of the change it tells of. */
export interface NewWebhookEvent {
  region: string;
  system: string;
  event: string;
  resourceUrn: string;
  /** The scope's key (`folder`, `workflow`) and every value a hook's scope may hold to match (the folder and its ancestors). */
  scopeKey: string;
  scopeValues: string[];
  payload: Record<string, unknown>;
  at: Date;
}

/**
 * The events outbox (migration 013): rows written with the change, read by the dispatcher. Every
 * write goes through the change's own transaction (`record`'s `q`), so the handle is not used yet.
 */
export function webhookEventsRepo(_db: Queryable) {
  const listeners = new Set<() => void>();
  return {
    /**
     * Call once the transaction that recorded events has committed: wakes this process's dispatcher at
     * once (other processes' events reach it by its poll).
     */
    committed(): void {
      for (const listener of listeners) listener();
    },
    /** The dispatcher's wake-up; returns the unsubscribe. */
    onCommitted(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Call inside the transaction of the change the event tells of. */
    async record(q: Queryable, event: NewWebhookEvent): Promise<void> {
      await q.query(
        `INSERT INTO wh_events (region, system, event, resource_urn, scope_key, scope_values, payload, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          event.region,
          event.system,
          event.event,
          event.resourceUrn,
          event.scopeKey,
          event.scopeValues,
          JSON.stringify(event.payload),
          event.at,
        ],
      );
    },
  };
}

export type WebhookEventsRepo = ReturnType<typeof webhookEventsRepo>;

/** Stored regions that are the same place under another name: Model Derivative's `EU` is the webhooks' `EMEA`. */
const REGION_ALIASES: Readonly<Record<string, WebhookRegion>> = { EU: 'EMEA' };

/** The webhook region of a region as a hub or manifest stores it; one the webhooks do not know is US, their default. */
export function webhookRegion(stored: string | null | undefined): WebhookRegion {
  const upper = (stored ?? '').toUpperCase();
  return REGION_ALIASES[upper] ?? WEBHOOK_REGIONS.find((region) => region === upper) ?? 'US';
}

/** `webhookRegion` as a SQL expression over `column`, for events recorded by the statement of their change. */
export function webhookRegionSql(column: string): string {
  const names = [...WEBHOOK_REGIONS.map((region) => [region, region]), ...Object.entries(REGION_ALIASES)];
  return `CASE upper(${column}) ${names.map(([from, to]) => `WHEN '${from}' THEN '${to}'`).join(' ')} ELSE 'US' END`;
}
