import type { Delivery, HookDetails } from '../../../contracts/webhooks';

/** Hooks and deliveries as the platform sends them, for this feature's tests. */

export const hookFixture = (over: Partial<HookDetails> = {}): HookDetails => ({
  hookId: 'hook-1',
  tenant: 'urn:folder:furniture',
  callbackUrl: 'http://localhost:4000/cb',
  createdBy: 'user-1',
  event: 'dm.version.added',
  createdDate: '2026-12-07T10:15:04.444+0000',
  lastUpdatedDate: '2026-12-07T10:15:04.444+0000',
  system: 'data',
  creatorType: 'O2User',
  status: 'active',
  autoReactivateHook: false,
  scope: { folder: 'urn:folder:furniture' },
  urn: 'urn:adsk.webhooks:events.hook:hook-1',
  __self__: '/systems/data/events/dm.version.added/hooks/hook-1',
  ...over,
});

const body = '{"version":"1.0","resourceUrn":"urn:v","payload":{"name":"chair.rvt"}}';

export const deliveryFixture = (over: Partial<Delivery> = {}): Delivery => ({
  id: 'del-1',
  hookId: 'hook-1',
  eventId: 'ev-1',
  event: 'dm.version.added',
  resourceUrn: 'urn:v',
  kind: 'event',
  state: 'delivered',
  attempts: 1,
  nextAttemptAt: null,
  createdAt: '2026-12-07T10:16:00.000Z',
  lastStatus: 200,
  attemptsMade: [
    {
      n: 1,
      deliveryId: 'httpadapter~local.webhooks~abc/uuid-1',
      startedAt: '2026-12-07T10:16:00.000Z',
      durationMs: 12,
      request: {
        headers: [
          { name: 'content-type', value: 'application/json' },
          { name: 'x-adsk-signature', value: 'sha1hash=0123abcd' },
        ],
        body,
      },
      response: { status: 200, headers: [{ name: 'content-length', value: '2' }], body: 'ok' },
      error: null,
    },
  ],
  signature: { signed: true, header: 'sha1hash=0123abcd', algorithm: 'HMAC-SHA1 over the exact body bytes' },
  ...over,
});
