import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformConfig } from '../../../config';
import {
  DELIVERY_BACKENDS,
  deliveryBench,
  startReceiver,
  type DeliveryBench,
  type Receiver,
} from '../../../testing/webhook-delivery';
import { createWebhookEngine } from './engine';
import { MAX_ANSWER_BYTES } from './http-send';
import { REACTIVATE_AFTER_SECONDS } from './retry-schedule';

let bench: DeliveryBench;
let receiver: Receiver;

describe.each(DELIVERY_BACKENDS)('on $name', ({ open }) => {
  beforeAll(async () => {
    bench = await deliveryBench(await open());
  });
  afterAll(() => bench.db.close());
  beforeEach(async () => {
    await bench.reset();
    receiver = await startReceiver((_, res) => {
      res.statusCode = 500;
      res.end('down');
    });
  });
  afterEach(() => receiver.close());

  const engineOf = (webhooks: PlatformConfig['webhooks'] = { retryDelaysSeconds: [1, 2] }, allowHosts: string[] = []) =>
    createWebhookEngine(
      { stores: bench.stores, clock: bench.clock, config: { webhooks, automation: { allowHosts } }, logger: console },
      { pollMs: 0 },
    );
  const answerOk = () => receiver.answer((_, res) => res.end('ok'));

  /** One event, all its attempts run through the compressed schedule. */
  async function failOneEvent(engine: ReturnType<typeof engineOf>, delays: number[]) {
    await bench.addEvent();
    await engine.runDue();
    for (const delay of delays) {
      bench.clock.advance(delay);
      await engine.runDue();
    }
  }

  describe('retries and deactivation', () => {
    it('retries on the schedule, fails the event after the last try, and makes the hook inactive at 5', async () => {
      const hookId = await bench.addHook({ callbackUrl: receiver.url });
      const engine = engineOf();
      await bench.addEvent();
      await engine.runDue();
      let [delivery] = await bench.deliveries(hookId);
      expect(delivery).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 500 });
      expect(delivery!.nextAttemptAt).toEqual(new Date(bench.clock.now().getTime() + 1000));
      // Not due yet: nothing is sent.
      await engine.runDue();
      expect(receiver.received).toHaveLength(1);
      bench.clock.advance(1);
      await engine.runDue();
      bench.clock.advance(1);
      await engine.runDue();
      expect(receiver.received).toHaveLength(2);
      bench.clock.advance(1);
      await engine.runDue();
      [delivery] = await bench.deliveries(hookId);
      expect(delivery).toMatchObject({ state: 'failed', attempts: 3 });
      const attempts = await bench.stores.webhookDeliveries.log.attempts(delivery!.id);
      expect(attempts.map((a) => a.error)).toEqual(Array(3).fill(expect.stringMatching(/answered 500/)));
      // Each attempt has its own id after the slash; the part before it stays.
      const stable = new Set(attempts.map((a) => a.deliveryHeader.split('/')[0]));
      expect(stable.size).toBe(1);
      expect(new Set(attempts.map((a) => a.deliveryHeader)).size).toBe(3);
      expect(await bench.hook(hookId)).toMatchObject({ failedEvents: 1, status: 'active' });

      for (let i = 2; i <= 5; i++) await failOneEvent(engine, [1, 2]);
      expect(await bench.hook(hookId)).toMatchObject({
        failedEvents: 5,
        status: 'inactive',
        inactiveSince: bench.clock.now(),
      });
      // Inactive: a new event is not delivered at all.
      await bench.addEvent();
      await engine.runDue();
      expect(await bench.deliveries(hookId)).toHaveLength(5);
    });

    it('delivers again once the hook is set active, and a success resets the failure count', async () => {
      const hookId = await bench.addHook({ callbackUrl: receiver.url });
      const engine = engineOf({ retryDelaysSeconds: [] });
      for (let i = 0; i < 5; i++) await failOneEvent(engine, []);
      expect(await bench.hook(hookId)).toMatchObject({ status: 'inactive', failedEvents: 5 });
      // What PATCH {status: active} does.
      await bench.stores.webhookHooks.update(
        hookId,
        { status: 'active', failedEvents: 0, inactiveSince: null },
        bench.clock.now(),
      );
      answerOk();
      await bench.addEvent();
      await engine.runDue();
      expect((await bench.deliveries(hookId))[0]).toMatchObject({ state: 'delivered' });

      receiver.answer((_, res) => {
        res.statusCode = 503;
        res.end();
      });
      await failOneEvent(engine, []);
      expect(await bench.hook(hookId)).toMatchObject({ failedEvents: 1 });
      answerOk();
      await bench.addEvent();
      await engine.runDue();
      expect(await bench.hook(hookId)).toMatchObject({ failedEvents: 0, status: 'active' });
    });

    it('reactivates after 7 days for one attempt, and gives up after 5 failed cycles', async () => {
      const hookId = await bench.addHook({ callbackUrl: receiver.url, autoReactivate: true });
      const engine = engineOf({ retryDelaysSeconds: [1, 1] });
      for (let i = 0; i < 5; i++) await failOneEvent(engine, [1, 1]);
      expect(await bench.hook(hookId)).toMatchObject({ status: 'inactive', reactivationCycles: 0 });

      for (let cycle = 1; cycle <= 5; cycle++) {
        const { inactiveSince } = (await bench.hook(hookId))!;
        const waited = (bench.clock.now().getTime() - inactiveSince!.getTime()) / 1000;
        bench.clock.advance(REACTIVATE_AFTER_SECONDS - waited - 1);
        await engine.runDue();
        expect((await bench.hook(hookId))?.status).toBe('inactive');
        bench.clock.advance(1);
        await engine.runDue();
        expect((await bench.hook(hookId))?.status).toBe('reactivated');
        const before = receiver.received.length;
        await failOneEvent(engine, [1, 1]);
        // Exactly one attempt while reactivated, whatever the retry schedule.
        expect(receiver.received.length - before).toBe(1);
        expect(await bench.hook(hookId)).toMatchObject({
          status: 'inactive',
          reactivationCycles: cycle,
          autoReactivate: cycle < 5,
        });
      }
      bench.clock.advance(REACTIVATE_AFTER_SECONDS * 2);
      await engine.runDue();
      expect((await bench.hook(hookId))?.status).toBe('inactive');
    });

    it('makes a reactivated hook active again when its one attempt succeeds', async () => {
      const hookId = await bench.addHook({ callbackUrl: receiver.url, autoReactivate: true });
      const engine = engineOf({ retryDelaysSeconds: [] });
      for (let i = 0; i < 5; i++) await failOneEvent(engine, []);
      bench.clock.advance(REACTIVATE_AFTER_SECONDS);
      await engine.runDue();
      answerOk();
      await bench.addEvent();
      await engine.runDue();
      expect(await bench.hook(hookId)).toMatchObject({ status: 'active', failedEvents: 0, reactivationCycles: 0 });
    });

    it('deletes a hook when its expiry comes, on the timer as well as on an event', async () => {
      const hookId = await bench.addHook({
        callbackUrl: receiver.url,
        hookExpiry: '2026-01-01T01:00:00.000Z',
        expiresAt: new Date('2026-01-01T01:00:00.000Z'),
      });
      const engine = engineOf();
      await engine.runDue();
      expect(await bench.hook(hookId)).toBeDefined();
      bench.clock.advance(3600);
      await engine.runDue();
      expect(await bench.hook(hookId)).toBeUndefined();
    });
  });

  describe('what counts as delivered', () => {
    it('does not follow a redirect: the attempt fails and says so', async () => {
      receiver.answer((req, res) => {
        res.writeHead(req.url === '/moved' ? 302 : 200, { Location: '/elsewhere' }).end();
      });
      const hookId = await bench.addHook({ callbackUrl: `${receiver.url}/moved` });
      await bench.addEvent();
      await engineOf().runDue();
      expect(receiver.received.map((r) => r.url)).toEqual(['/moved']);
      const [delivery] = await bench.deliveries(hookId);
      const [attempt] = await bench.stores.webhookDeliveries.log.attempts(delivery!.id);
      expect(attempt).toMatchObject({
        responseStatus: 302,
        error: expect.stringMatching(/redirect to \/elsewhere.*not followed/),
      });
    });

    it('refuses a host the operator did not allow, naming the flag, without a request', async () => {
      const hookId = await bench.addHook({ callbackUrl: 'http://hooks.example.com/cb' });
      await bench.addEvent();
      await engineOf().runDue();
      const [delivery] = await bench.deliveries(hookId);
      const [attempt] = await bench.stores.webhookDeliveries.log.attempts(delivery!.id);
      expect(attempt).toMatchObject({
        responseStatus: null,
        error: expect.stringContaining('--automation-allow-host hooks.example.com'),
      });
    });

    it('keeps 64 KiB of a long answer, and a slow receiver holds up no other', async () => {
      const fast = await bench.addHook({ callbackUrl: `${receiver.url}/fast` });
      const slow = await bench.addHook({ callbackUrl: `${receiver.url}/slow` });
      receiver.answer((req, res) => {
        if (req.url === '/slow') return; // never answers
        res.end('x'.repeat(MAX_ANSWER_BYTES * 4));
      });
      await bench.addEvent();
      await engineOf({ retryDelaysSeconds: [], timeoutMs: 300 }).runDue();
      const [delivered] = await bench.deliveries(fast);
      const [attempt] = await bench.stores.webhookDeliveries.log.attempts(delivered!.id);
      expect(attempt!.responseBody).toHaveLength(MAX_ANSWER_BYTES);
      const [timedOut] = await bench.deliveries(slow);
      const [cut] = await bench.stores.webhookDeliveries.log.attempts(timedOut!.id);
      expect(cut).toMatchObject({ responseStatus: null, error: 'The receiver did not answer within 300 ms.' });
    });
  });
});
