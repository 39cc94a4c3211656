import { randomUUID } from 'node:crypto';

/** Rows of the webhook tables (migration 013) as the delivery engine and the deliveries API read them. */

/** A `wh_events` row as the dispatcher and the deliveries API read it. */
export interface EventRecord {
  id: string;
  region: string;
  system: string;
  event: string;
  resourceUrn: string;
  scopeKey: string;
  scopeValues: string[];
  payload: Record<string, unknown>;
  createdAt: Date;
}

export type DeliveryKind = 'event' | 'test' | 'redelivery';

export interface HeaderLine {
  name: string;
  value: string;
}

export const EVENT_COLUMNS = `e.id::text AS id, e.region, e.system, e.event, e.resource_urn AS "resourceUrn",
  e.scope_key AS "scopeKey", e.scope_values AS "scopeValues", e.payload, e.created_at AS "createdAt"`;

/** 32 hex digits: the stable part of `x-adsk-delivery-id`. */
export const newDeliveryId = () => randomUUID().replaceAll('-', '');
