import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookEnvelope } from '../../../../contracts/webhooks';
import {
  DELIVERY_BACKENDS,
  deliveryBench,
  startReceiver,
  type DeliveryBench,
  type Receiver,
} from '../../../testing/webhook-delivery';
import { createWebhookEngine, type WebhookEngineOptions } from './engine';

let bench: DeliveryBench;
let receiver: Receiver;

describe.each(DELIVERY_BACKENDS)('on $name', ({ open }) => {
  beforeAll(async () => {
    bench = await deliveryBench(await open());
  });
  afterAll(() => bench.db.close());
  beforeEach(async () => {
    await bench.reset();
    receiver = await startReceiver();
  });
  afterEach(() => receiver.close());

  const engineOf = (options: WebhookEngineOptions = {}) =>
    createWebhookEngine(
      { stores: bench.stores, clock: bench.clock, config: {}, logger: { error: (m, e) => console.error(m, e) } },
      { pollMs: 0, ...options },
    );
  const envelopeOf = (index: number) => JSON.parse(receiver.received[index]!.body.toString('utf8')) as WebhookEnvelope;

  describe('delivering an event', () => {
    it('POSTs the envelope, signed with HMAC-SHA1 over the exact bytes, with the delivery id', async () => {
      const secret = 'a'.repeat(32);
      const hookId = await bench.addHook({ callbackUrl: `${receiver.url}/aps/callback`, token: secret });
      await bench.addEvent({ payload: { ext: 'rvt', name: 'tower.rvt', note: 'süß ✓' } });
      await engineOf().runDue();

      expect(receiver.received).toHaveLength(1);
      const { url, headers, body } = receiver.received[0]!;
      expect(url).toBe('/aps/callback');
      expect(headers['content-type']).toBe('application/json');
      const expected = createHmac('sha1', secret).update(body).digest('hex');
      expect(headers['x-adsk-signature']).toBe(`sha1hash=${expected}`);
      expect(headers['x-adsk-delivery-id']).toMatch(/^httpadapter~local\.webhooks~[0-9a-f]{32}\/[0-9a-f-]{36}$/);
      const envelope = envelopeOf(0);
      expect(envelope).toMatchObject({
        version: '1.0',
        resourceUrn: 'urn:adsk.wipprod:fs.file:vf.AbC?version=1',
        hook: {
          hookId,
          event: 'dm.version.added',
          system: 'data',
          status: 'active',
          scope: { folder: expect.any(String) },
        },
        payload: { ext: 'rvt', note: 'süß ✓' },
      });
      expect(JSON.stringify(envelope.hook)).not.toContain(secret);

      const [delivery] = await bench.deliveries(hookId);
      expect(delivery).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 200, kind: 'event' });
      const [attempt] = await bench.stores.webhookDeliveries.log.attempts(delivery!.id);
      expect(attempt!.requestBody).toBe(body.toString('utf8'));
      expect(attempt!.requestHeaders).toContainEqual({ name: 'x-adsk-signature', value: `sha1hash=${expected}` });
      expect(attempt!.deliveryHeader).toBe(headers['x-adsk-delivery-id']);
      expect(attempt).toMatchObject({ responseStatus: 200, responseBody: 'ok', error: null });
    });

    it("signs with the owner's secret when the hook has no token, and not at all without either", async () => {
      await bench.addHook({ callbackUrl: `${receiver.url}/app`, createdBy: 'app-1' });
      await bench.addHook({ callbackUrl: `${receiver.url}/other`, createdBy: 'app-2' });
      await bench.db.query(
        `INSERT INTO wh_secrets (region, creator_type, created_by, token) VALUES ('US', 'Application', 'app-1', $1)`,
        ['b'.repeat(40)],
      );
      await bench.addEvent();
      await engineOf().runDue();

      const byUrl = new Map(receiver.received.map((r) => [r.url, r]));
      const signed = byUrl.get('/app')!;
      expect(signed.headers['x-adsk-signature']).toBe(
        `sha1hash=${createHmac('sha1', 'b'.repeat(40)).update(signed.body).digest('hex')}`,
      );
      expect(byUrl.get('/other')!.headers['x-adsk-signature']).toBeUndefined();
    });

    it('sends the payload alone with callbackWithEventPayloadOnly', async () => {
      await bench.addHook({ callbackUrl: receiver.url, payloadOnly: true });
      await bench.addEvent();
      await engineOf().runDue();
      expect(envelopeOf(0)).toEqual({ version: '1.0', resourceUrn: expect.any(String), payload: expect.any(Object) });
    });

    it('fans one event out to every matching hook, once each, and to no other', async () => {
      const exact = await bench.addHook({ callbackUrl: `${receiver.url}/exact` });
      const wildcard = await bench.addHook({ callbackUrl: `${receiver.url}/wild`, event: 'dm.*' });
      await bench.addHook({ callbackUrl: `${receiver.url}/dwg`, filter: "$[?(@.ext=='dwg')]" });
      await bench.addHook({ callbackUrl: `${receiver.url}/emea`, region: 'EMEA' });
      await bench.addHook({ callbackUrl: `${receiver.url}/off`, status: 'inactive' });
      await bench.addHook({ callbackUrl: `${receiver.url}/gone`, expiresAt: new Date('2025-12-31T00:00:00Z') });
      await bench.addEvent();
      const engine = engineOf();
      await engine.runDue();
      await engine.runDue();

      expect(receiver.received.map((r) => r.url).sort()).toEqual(['/exact', '/wild']);
      expect(await bench.deliveries(exact)).toHaveLength(1);
      expect(await bench.deliveries(wildcard)).toHaveLength(1);
      // The expired hook was deleted when the event came.
      const [hooks] = await bench.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM wh_hooks`);
      expect(hooks?.n).toBe(5);
    });

    it('is woken by a commit once started, and stops cleanly', async () => {
      await bench.addHook({ callbackUrl: receiver.url });
      const engine = engineOf();
      await engine.start();
      await bench.addEvent();
      await receiver.arrived(1);
      await engine.stop();
      const [delivery] = await bench.deliveries();
      expect(delivery).toMatchObject({ state: 'delivered' });
    });
  });
});
