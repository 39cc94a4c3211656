/**
 * The Webhooks API v1 (`/webhooks/v1`), as the official OpenAPI file and the clients that call it
 * describe it, and the local platform's deliveries API (`/_platform/webhooks`), which only the
 * local platform has.
 */

export const WEBHOOKS_PATH = '/webhooks/v1';
export const WEBHOOK_DELIVERIES_PATH = '/_platform/webhooks';

export const WEBHOOK_REGIONS = ['US', 'EMEA', 'AUS', 'CAN', 'DEU', 'IND', 'JPN', 'GBR'] as const;
export type WebhookRegion = (typeof WEBHOOK_REGIONS)[number];

export type HookStatus = 'active' | 'inactive' | 'reactivated';
export type HookCreatorType = 'Application' | 'O2User';

/** Every read of a hook, the create-all answer and the `hook` member of a callback. */
export interface HookDetails {
  hookId: string;
  tenant: string;
  callbackUrl: string;
  createdBy: string;
  event: string;
  /** `yyyy-MM-dd'T'HH:mm:ss.SSS+0000`. */
  createdDate: string;
  lastUpdatedDate: string;
  system: string;
  creatorType: HookCreatorType;
  status: HookStatus;
  autoReactivateHook: boolean;
  scope: Record<string, string>;
  hookAttribute?: Record<string, unknown>;
  filter?: string | string[];
  /** ISO 8601, as it was given. */
  hookExpiry?: string;
  hubId?: string;
  projectId?: string;
  callbackWithEventPayloadOnly?: boolean;
  urn: string;
  __self__: string;
}

export interface HookList {
  links: { next: string | null };
  data: HookDetails[];
}

export interface HookPayload {
  callbackUrl: string;
  scope: Record<string, string>;
  hookAttribute?: Record<string, unknown> | null;
  filter?: string | string[] | null;
  hookExpiry?: string | null;
  autoReactivateHook?: boolean | null;
  callbackWithEventPayloadOnly?: boolean | null;
  hubId?: string | null;
  projectId?: string | null;
  tenant?: string | null;
}

export interface ModifyHookPayload {
  status?: 'active' | 'inactive';
  filter?: string | string[] | null;
  hookAttribute?: Record<string, unknown> | null;
  token?: string | null;
  autoReactivateHook?: boolean | null;
  hookExpiry?: string | null;
  callbackWithEventPayloadOnly?: boolean | null;
}

/** What a callback receives. */
export interface WebhookEnvelope {
  version: '1.0';
  resourceUrn: string;
  hook?: HookDetails;
  payload: Record<string, unknown>;
}

/** The systems and events this platform emits; the other documented systems are stored and listed, never fired. */
export const EMITTED_EVENTS: Readonly<Record<string, readonly string[]>> = {
  data: [
    'dm.version.added',
    'dm.version.modified',
    'dm.version.deleted',
    'dm.version.moved',
    'dm.version.moved.out',
    'dm.version.copied',
    'dm.version.copied.out',
    'dm.lineage.reserved',
    'dm.lineage.unreserved',
    'dm.lineage.updated',
    'dm.folder.added',
    'dm.folder.modified',
    'dm.folder.deleted',
    'dm.folder.purged',
    'dm.folder.moved',
    'dm.folder.moved.out',
    'dm.folder.copied',
    'dm.folder.copied.out',
    'dm.operation.started',
    'dm.operation.completed',
  ],
  derivative: ['extraction.updated', 'extraction.finished'],
};

// ——— The local platform's deliveries API (`/_platform/webhooks`) ———

export type DeliveryState = 'pending' | 'delivered' | 'failed';
export type DeliveryKind = 'event' | 'test' | 'redelivery';

export interface DeliveryHeader {
  name: string;
  value: string;
}

export interface DeliveryAttempt {
  n: number;
  /** The `x-adsk-delivery-id` sent with this attempt. */
  deliveryId: string;
  /** ISO 8601. */
  startedAt: string;
  durationMs: number | null;
  request: { headers: DeliveryHeader[]; body: string };
  /** Null when no answer came (refused, timed out, cut). */
  response: { status: number; headers: DeliveryHeader[]; body: string } | null;
  /** Why the attempt failed, in words; null when it succeeded. */
  error: string | null;
}

export interface DeliverySummary {
  id: string;
  hookId: string;
  eventId: string;
  event: string;
  resourceUrn: string;
  kind: DeliveryKind;
  state: DeliveryState;
  attempts: number;
  /** ISO 8601; when the next attempt is due (pending), else null. */
  nextAttemptAt: string | null;
  createdAt: string;
  /** The last attempt's answer status, if any. */
  lastStatus: number | null;
}

export interface Delivery extends DeliverySummary {
  attemptsMade: DeliveryAttempt[];
  /** The secret-derived header a receiver should compute, and how (no secret is shown). */
  signature: { signed: boolean; header: string | null; algorithm: 'HMAC-SHA1 over the exact body bytes' };
}

export interface DeliveryList {
  deliveries: DeliverySummary[];
}

/** Why a hook did or did not receive an event: the first rule that dropped it, or `matched`. */
export interface MatchExplanation {
  matched: boolean;
  rule: 'matched' | 'region' | 'system' | 'event' | 'scope' | 'status' | 'expired' | 'filter';
  reason: string;
}

export interface RecordedEvent {
  id: string;
  region: string;
  system: string;
  event: string;
  resourceUrn: string;
  createdAt: string;
  payload: Record<string, unknown>;
}

/** `GET /_platform/webhooks/events`: the latest events, newest first. */
export interface RecordedEventList {
  events: RecordedEvent[];
}
