import { createHmac } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  Delivery,
  DeliveryList,
  DeliverySummary,
  MatchExplanation,
  RecordedEventList,
  WebhookEnvelope,
} from '../../../../contracts/webhooks';
import { WEBHOOK_DELIVERIES_PATH } from '../../../../contracts/webhooks';
import { platformToolParts } from '../../../admin-api/routes';
import { FaultSet } from '../../../faults/fault-set';
import {
  DELIVERY_BACKENDS,
  deliveryBench,
  startReceiver,
  type DeliveryBench,
  type Receiver,
} from '../../../testing/webhook-delivery';
import { createWebhookEngine, type WebhookEngine } from '../delivery/engine';
import { webhookDeliveryRoutes } from './routes';

let bench: DeliveryBench;
let receiver: Receiver;
let engine: WebhookEngine;
let app: Hono;
let wakes = 0;

describe.each(DELIVERY_BACKENDS)('on $name', ({ open }) => {
  beforeAll(async () => {
    bench = await deliveryBench(await open());
  });
  afterAll(() => bench.db.close());
  beforeEach(async () => {
    await bench.reset();
    receiver = await startReceiver();
    engine = createWebhookEngine(
      { stores: bench.stores, clock: bench.clock, config: { webhooks: { retryDelaysSeconds: [60] } }, logger: console },
      { pollMs: 0 },
    );
    const routes = webhookDeliveryRoutes({ stores: bench.stores, clock: bench.clock, wake: () => wakes++ });
    // Mounted as `serve` mounts it: under /_platform, beside the other tools.
    app = new Hono().route(
      '/_platform',
      platformToolParts({ adminApi: true, faults: new FaultSet(), webhookDeliveries: routes }).routes!,
    );
  });
  afterEach(() => receiver.close());

  const get = async <T>(path: string) => {
    const response = await app.request(`${WEBHOOK_DELIVERIES_PATH}${path}`);
    return { status: response.status, body: (await response.json()) as T };
  };
  const post = async <T>(path: string) => {
    const response = await app.request(`${WEBHOOK_DELIVERIES_PATH}${path}`, { method: 'POST' });
    return { status: response.status, body: (await response.json()) as T };
  };

  describe('the deliveries API', () => {
    it('lists a hook’s deliveries newest first, and shows one with the exact bytes and headers sent', async () => {
      const secret = 'c'.repeat(32);
      const hookId = await bench.addHook({ callbackUrl: receiver.url, token: secret });
      await bench.addEvent({ payload: { ext: 'rvt', n: 1 } });
      bench.clock.advance(1);
      await bench.addEvent({ payload: { ext: 'rvt', n: 2 } });
      await engine.runDue();

      const { body: list } = await get<DeliveryList>(`/hooks/${hookId}/deliveries?limit=10`);
      expect(list.deliveries).toHaveLength(2);
      // Both were made by one dispatch pass: the newer event comes first.
      expect(Number(list.deliveries[0]!.eventId)).toBeGreaterThan(Number(list.deliveries[1]!.eventId));
      expect(list.deliveries[0]).toMatchObject({
        hookId,
        event: 'dm.version.added',
        kind: 'event',
        state: 'delivered',
        lastStatus: 200,
        nextAttemptAt: null,
      });
      expect((await get<DeliveryList>(`/deliveries?hookId=${hookId}&limit=1`)).body.deliveries).toHaveLength(1);

      const { body: one } = await get<Delivery>(`/deliveries/${list.deliveries[1]!.id}`);
      const [attempt] = one.attemptsMade;
      const sent = receiver.received.find((r) => r.headers['x-adsk-delivery-id'] === attempt!.deliveryId)!;
      expect(attempt!.request.body).toBe(sent.body.toString('utf8'));
      expect((JSON.parse(attempt!.request.body) as WebhookEnvelope).payload).toEqual({ ext: 'rvt', n: 1 });
      const signature = `sha1hash=${createHmac('sha1', secret).update(sent.body).digest('hex')}`;
      expect(attempt!.request.headers).toContainEqual({ name: 'x-adsk-signature', value: signature });
      expect(attempt!.response).toMatchObject({ status: 200, body: 'ok' });
      expect(one.signature).toEqual({
        signed: true,
        header: signature,
        algorithm: 'HMAC-SHA1 over the exact body bytes',
      });
      expect(JSON.stringify(one)).not.toContain(secret);
    });

    it('redelivers an event to its hook as a new delivery, due now, and wakes the engine', async () => {
      const hookId = await bench.addHook({ callbackUrl: receiver.url });
      await bench.addEvent();
      await engine.runDue();
      const [original] = (await get<DeliveryList>(`/hooks/${hookId}/deliveries`)).body.deliveries;
      const before = wakes;
      const { status, body } = await post<DeliverySummary>(`/deliveries/${original!.id}/redeliver`);
      expect(status).toBe(201);
      expect(body).toMatchObject({
        kind: 'redelivery',
        state: 'pending',
        eventId: original!.eventId,
        hookId,
        nextAttemptAt: bench.clock.now().toISOString(),
      });
      expect(wakes).toBe(before + 1);
      await engine.runDue();
      expect(receiver.received).toHaveLength(2);
      // The same bytes (nothing about the hook changed), under a delivery id of its own.
      const [first, again] = receiver.received.map((r) => String(r.headers['x-adsk-delivery-id']).split('/')[0]);
      expect(receiver.received[1]!.body.equals(receiver.received[0]!.body)).toBe(true);
      expect(again).not.toBe(first);
      expect((await get<Delivery>(`/deliveries/${body.id}`)).body).toMatchObject({ state: 'delivered', attempts: 1 });
    });

    it('sends a test event of the hook’s event and scope, and retries a pending delivery now', async () => {
      const hookId = await bench.addHook({ callbackUrl: receiver.url, event: 'dm.folder.*' });
      const { status, body } = await post<DeliverySummary>(`/hooks/${hookId}/test`);
      expect(status).toBe(201);
      expect(body).toMatchObject({ kind: 'test', event: 'dm.folder.added', hookId });
      await engine.runDue();
      const envelope = JSON.parse(receiver.received[0]!.body.toString('utf8')) as WebhookEnvelope;
      expect(envelope.payload).toMatchObject({ parentFolderUrn: expect.stringContaining('fs.folder'), sample: true });
      // A test event is not one of the recent events.
      expect((await get<RecordedEventList>('/events')).body.events).toEqual([]);

      receiver.answer((_, res) => {
        res.statusCode = 500;
        res.end();
      });
      await bench.addEvent({ event: 'dm.folder.added' });
      await engine.runDue();
      const [pending] = (await get<DeliveryList>(`/hooks/${hookId}/deliveries`)).body.deliveries;
      expect(pending).toMatchObject({ kind: 'event', state: 'pending', attempts: 1 });
      receiver.answer((_, res) => res.end());
      expect((await post<DeliverySummary>(`/deliveries/${pending!.id}/retry`)).body.nextAttemptAt).toBe(
        bench.clock.now().toISOString(),
      );
      await engine.runDue();
      expect((await get<Delivery>(`/deliveries/${pending!.id}`)).body).toMatchObject({
        state: 'delivered',
        attempts: 2,
      });
      expect((await post(`/deliveries/${pending!.id}/retry`)).status).toBe(409);
    });

    it('lists recent events and says why a hook did or did not receive one', async () => {
      const hookId = await bench.addHook({ callbackUrl: receiver.url, filter: "$[?(@.ext=='dwg')]" });
      await bench.addEvent({ payload: { ext: 'rvt' } });
      const { body } = await get<RecordedEventList>('/events?limit=5');
      expect(body.events).toEqual([
        expect.objectContaining({ event: 'dm.version.added', payload: { ext: 'rvt' }, region: 'US' }),
      ]);
      const eventId = body.events[0]!.id;
      expect((await get<MatchExplanation>(`/hooks/${hookId}/why?event=${eventId}`)).body).toMatchObject({
        matched: false,
        rule: 'filter',
      });
      await bench.addEvent({ payload: { ext: 'dwg' } });
      const [newest] = (await get<RecordedEventList>('/events')).body.events;
      expect((await get<MatchExplanation>(`/hooks/${hookId}/why?event=${newest!.id}`)).body).toEqual({
        matched: true,
        rule: 'matched',
        reason: expect.any(String),
      });
    });

    it('answers 404 for what does not exist and 400 for a bad query, in the Webhooks error body', async () => {
      expect(await get('/deliveries/nope')).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND', detail: [expect.stringContaining('nope')] },
      });
      expect((await get('/hooks/nope/why?event=1')).status).toBe(404);
      const hookId = await bench.addHook({ callbackUrl: receiver.url });
      expect((await get(`/hooks/${hookId}/why`)).status).toBe(400);
      expect((await get(`/hooks/${hookId}/why?event=abc`)).status).toBe(404);
      expect((await get('/deliveries?limit=0')).status).toBe(400);
      expect((await post('/hooks/nope/test')).status).toBe(404);
    });
  });
});
