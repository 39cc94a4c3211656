import type { Delivery, DeliveryAttempt, DeliverySummary, RecordedEvent } from '../../../../contracts/webhooks';
import type { AttemptRecord, DeliveryRecord } from '../../../storage/repos/wh-delivery-log';
import type { EventRecord } from '../../../storage/repos/wh-delivery-rows';

export const deliverySummary = (d: DeliveryRecord): DeliverySummary => ({
  id: d.id,
  hookId: d.hookId,
  eventId: d.eventId,
  event: d.event,
  resourceUrn: d.resourceUrn,
  kind: d.kind,
  state: d.state,
  attempts: d.attempts,
  nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt.toISOString() : null,
  createdAt: d.createdAt.toISOString(),
  lastStatus: d.lastStatus,
});

export const deliveryAttempt = (a: AttemptRecord): DeliveryAttempt => ({
  n: a.n,
  deliveryId: a.deliveryHeader,
  startedAt: a.startedAt.toISOString(),
  durationMs: a.durationMs,
  request: { headers: a.requestHeaders, body: a.requestBody },
  response:
    a.responseStatus === null
      ? null
      : { status: a.responseStatus, headers: a.responseHeaders ?? [], body: a.responseBody ?? '' },
  // An attempt still under way has neither an answer nor an error yet.
  error: a.error,
});

/** A delivery with every attempt; the signature as the last attempt sent it (the secret itself is never shown). */
export function delivery(d: DeliveryRecord, attempts: AttemptRecord[]): Delivery {
  const last = attempts.at(-1);
  const header = last?.requestHeaders.find((h) => h.name.toLowerCase() === 'x-adsk-signature')?.value ?? null;
  return {
    ...deliverySummary(d),
    attemptsMade: attempts.map(deliveryAttempt),
    signature: { signed: header !== null, header, algorithm: 'HMAC-SHA1 over the exact body bytes' },
  };
}

export const recordedEvent = (e: EventRecord): RecordedEvent => ({
  id: e.id,
  region: e.region,
  system: e.system,
  event: e.event,
  resourceUrn: e.resourceUrn,
  createdAt: e.createdAt.toISOString(),
  payload: e.payload,
});
