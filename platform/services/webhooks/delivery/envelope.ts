import { createHmac, randomUUID } from 'node:crypto';
import type { WebhookEnvelope } from '../../../../contracts/webhooks';
import type { EventRecord, HeaderLine } from '../../../storage/repos/wh-delivery-rows';
import type { HookRecord } from '../../../storage/repos/wh-hooks';
import { hookDetails } from '../serializers';

/** The request an attempt sends: its body, serialised once, and the headers that go with those bytes. */
export interface CallbackRequest {
  body: string;
  headers: HeaderLine[];
  /** The `x-adsk-delivery-id`: the delivery's stable part, then this attempt's own. */
  deliveryHeader: string;
  signed: boolean;
}

/** `sha1hash=<hex>`: HMAC-SHA1 of the exact body bytes, as the cloud signs. */
export const signatureHeader = (secret: string, body: string): string =>
  `sha1hash=${createHmac('sha1', secret).update(body, 'utf8').digest('hex')}`;

/** The hook's own token, else its owner's secret, else none: the callback goes unsigned. */
export const signingSecret = (hook: Pick<HookRecord, 'token'>, ownerSecret: string | null): string | null =>
  hook.token ?? ownerSecret;

/**
 * The callback of one attempt (digest §4.1, §4.2): the envelope with the hook as it is now (or the
 * payload alone with `callbackWithEventPayloadOnly`), signed over the very bytes sent.
 */
export function callbackRequest(
  deliveryId: string,
  hook: HookRecord,
  event: Pick<EventRecord, 'resourceUrn' | 'payload'>,
  secret: string | null,
): CallbackRequest {
  const envelope: WebhookEnvelope = hook.payloadOnly
    ? { version: '1.0', resourceUrn: event.resourceUrn, payload: event.payload }
    : { version: '1.0', resourceUrn: event.resourceUrn, hook: hookDetails(hook), payload: event.payload };
  const body = JSON.stringify(envelope);
  const deliveryHeader = `httpadapter~local.webhooks~${deliveryId}/${randomUUID()}`;
  const headers: HeaderLine[] = [
    { name: 'Content-Type', value: 'application/json' },
    { name: 'x-adsk-delivery-id', value: deliveryHeader },
  ];
  if (secret !== null) headers.push({ name: 'x-adsk-signature', value: signatureHeader(secret, body) });
  return { body, headers, deliveryHeader, signed: secret !== null };
}
