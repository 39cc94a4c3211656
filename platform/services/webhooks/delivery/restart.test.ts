import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../storage/db/open';
import { freshSchema, reasonToSkip } from '../../../testing/shared-database';
import { deliveryBench, startReceiver, type DeliveryBench, type Receiver } from '../../../testing/webhook-delivery';
import { createWebhookEngine, type WebhookEngineOptions } from './engine';

const quiet = { error: () => undefined };
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const engineOf = (bench: DeliveryBench, options: WebhookEngineOptions = {}) =>
  createWebhookEngine(
    { stores: bench.stores, clock: bench.clock, config: { webhooks: { retryDelaysSeconds: [1] } }, logger: quiet },
    { pollMs: 0, ...options },
  );

/** A receiver that holds its first request unanswered until the test lets it go, then answers 200. */
async function holdingReceiver(): Promise<Receiver & { release(): void }> {
  const held: ServerResponse[] = [];
  const receiver = await startReceiver((_, res) => {
    if (receiver.received.length === 1) held.push(res);
    else res.end('ok');
  });
  cleanup.push(() => receiver.close());
  return Object.assign(receiver, { release: () => held.splice(0).forEach((res) => res.end('late')) });
}

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-wh-restart-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('a stop or a crash during an attempt', () => {
  it('stop waits for the attempt under way, which records its outcome', async () => {
    const bench = await deliveryBench();
    cleanup.push(() => bench.db.close());
    const receiver = await holdingReceiver();
    const hookId = await bench.addHook({ callbackUrl: receiver.url });
    const engine = engineOf(bench);
    await engine.start();
    await bench.addEvent();
    await receiver.arrived(1);
    const stopped = engine.stop();
    receiver.release();
    await stopped;
    expect(await bench.deliveries(hookId)).toEqual([expect.objectContaining({ state: 'delivered', attempts: 1 })]);
    expect(receiver.received).toHaveLength(1);
  });

  it('a restart after the process died mid-attempt delivers, repeating at most that attempt', async () => {
    const dir = await dataDir();
    const first = await deliveryBench(await openDatabase({ dataDir: dir }));
    const receiver = await holdingReceiver();
    const hookId = await first.addHook({ callbackUrl: receiver.url });
    // Its pass fails once the database is gone: that is the crash, not a finding.
    const dying = engineOf(first)
      .runDue()
      .catch(() => undefined);
    await first.addEvent();
    await receiver.arrived(1);
    // kill -9: the database goes while the attempt waits for its answer; nothing more is written.
    await first.db.close();
    receiver.release();
    await dying;

    const second = await deliveryBench(await openDatabase({ dataDir: dir }));
    cleanup.push(() => second.db.close());
    // Its start takes back the dead process's leases (one process holds an embedded database).
    const engine = engineOf(second);
    await engine.start();
    await engine.stop();
    await engine.runDue();
    expect(receiver.received).toHaveLength(2);
    const [delivery] = await second.deliveries(hookId);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 2 });
    const attempts = await second.stores.webhookDeliveries.log.attempts(delivery!.id);
    expect(attempts.map((a) => a.error)).toEqual([expect.stringMatching(/^Cut short/), null]);
  });

  it('another engine takes over a delivery once its holder’s lease lapses, not before', async () => {
    const bench = await deliveryBench();
    cleanup.push(() => bench.db.close());
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const hookId = await bench.addHook({ callbackUrl: receiver.url });
    await bench.addEvent();
    // The first engine's attempt never ends: its process hangs, or died without a word.
    const hanging = engineOf(bench, { leaseSeconds: 30, fetch: () => new Promise<Response>(() => undefined) });
    void hanging.runDue().catch(() => undefined);
    await waitFor(async () => (await bench.deliveries(hookId))[0]?.attempts === 1);
    const other = engineOf(bench, { leaseSeconds: 30, steal: false });
    await other.runDue();
    expect(receiver.received).toHaveLength(0);
    bench.clock.advance(30);
    await other.runDue();
    expect(receiver.received).toHaveLength(1);
    expect(await bench.deliveries(hookId)).toEqual([expect.objectContaining({ state: 'delivered', attempts: 2 })]);
  });
});

/** Polls a condition on the database (no timer: each check waits for the last). */
async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 1_000 && !(await check()); i++) await new Promise((resolve) => setImmediate(resolve));
}

async function twoEnginesDeliverOnce(a: DeliveryBench, b: DeliveryBench) {
  const receiver = await startReceiver();
  cleanup.push(() => receiver.close());
  const hooks = [
    await a.addHook({ callbackUrl: `${receiver.url}/1` }),
    await a.addHook({ callbackUrl: `${receiver.url}/2` }),
  ];
  for (let i = 0; i < 20; i++) await a.addEvent({ payload: { n: i } });
  const engines = [engineOf(a, { steal: false, concurrency: 4 }), engineOf(b, { steal: false, concurrency: 4 })];
  await Promise.all(engines.map((engine) => engine.runDue()));
  await Promise.all(engines.map((engine) => engine.runDue()));
  expect(receiver.received).toHaveLength(40);
  const ids = receiver.received.map((r) => String(r.headers['x-adsk-delivery-id']).split('/')[0]);
  expect(new Set(ids).size).toBe(40);
  for (const hookId of hooks) expect(await a.deliveries(hookId)).toHaveLength(20);
}

describe('two engines on one database', () => {
  it('deliver each event to each hook once (embedded database)', async () => {
    const a = await deliveryBench();
    cleanup.push(() => a.db.close());
    // One connection: the engines' transactions take turns, and their claims must still never overlap.
    await twoEnginesDeliverOnce(a, a);
  });

  it.skipIf(reasonToSkip('two engines on PostgreSQL'))(
    'deliver each event to each hook once (PostgreSQL)',
    async () => {
      const url = await freshSchema();
      const dir = await dataDir();
      const a = await deliveryBench(await openDatabase({ dataDir: dir, databaseUrl: url }));
      cleanup.push(() => a.db.close());
      const b = await deliveryBench(await openDatabase({ dataDir: dir, databaseUrl: url }));
      cleanup.push(() => b.db.close());
      b.clock = a.clock;
      await twoEnginesDeliverOnce(a, b);
    },
  );
});
