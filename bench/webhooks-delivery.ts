import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createOAuthApp } from '../platform/cli/admin-commands';
import { startServeInstance, type ServeInstance } from '../platform/cli/serve-instance';
import { parseServeOptions } from '../platform/cli/serve-options';
import { basicAuth, formPost } from '../platform/testing/oauth-flow';
import { result, type Benchmark } from './harness';

const EVENTS_PER_SECOND = 100;
const SECONDS = 10;
const READS_PER_SECOND = 20;
const FOLDER = 'urn:adsk.wipprod:fs.folder:co.bench';

/**
 * 100 events a second for 10 s, each committed to the outbox as a service commits one, to a hook
 * whose receiver runs in this process: from the commit (its start) to the receiver's answer, against the same
 * receiver posted to directly at the same rate (the floor of this machine's loopback and event
 * loop). Beside each, an API read (`GET /oss/v2/buckets`) 20 times a second: with the events
 * flowing, and with the direct posts only. The API's own writes are left out: on the embedded database they take the
 * process's one connection, and they are measured by the benchmarks of their own services.
 */
export const webhooksDelivery: Benchmark = {
  name: 'webhooks-delivery',
  async run() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-bench-wh-'));
    const instance = await startServeInstance(
      parseServeOptions(['--port', '0', '--data-dir', dataDir, '--rate-limits', 'off', '--workers-start', 'on-demand']),
      // BENCH_DATABASE_URL: the same on a PostgreSQL server, whose queries run off the serving thread.
      { say: () => undefined, databaseUrl: process.env['BENCH_DATABASE_URL'] ?? null },
    );
    const receiver = await startReceiver();
    try {
      const read = await apiRead(instance);
      // The baseline's reads run beside the direct posts: the receiver's own work shares this process with both.
      const posts = flow(receiver, (name) => postDirect(receiver.url, name));
      const quietReads = await readsFor(read, SECONDS);
      const direct = await posts;
      await addHook(instance, receiver.url);
      const events = flow(receiver, (name) => commitEvent(instance, name));
      const busyReads = await readsFor(read, SECONDS);
      const delivered = await events;
      return [
        result(`webhooks-delivery: commit → receiver p99 at ${EVENTS_PER_SECOND}/s`, p99(delivered), 'ms', p99(direct)),
        result('webhooks-delivery: commit → receiver median', median(delivered), 'ms', median(direct)),
        result('webhooks-delivery: API read p99 while events flow', p99(busyReads), 'ms', p99(quietReads)),
      ];
    } finally {
      await receiver.close();
      await instance.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Sends `EVENTS_PER_SECOND` for `SECONDS` (open loop) and waits for each at the receiver: the latencies. */
async function flow(receiver: Receiver, send: (name: string) => Promise<void>): Promise<number[]> {
  const start = performance.now();
  const sent = new Map<string, number>();
  const total = EVENTS_PER_SECOND * SECONDS;
  const sending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    await sleep(Math.max(0, start + (i * 1000) / EVENTS_PER_SECOND - performance.now()));
    const name = `event-${randomUUID()}`;
    // From before the send: an event's commit, a direct post's request, both inside the time measured.
    sent.set(name, performance.now());
    sending.push(send(name));
  }
  await Promise.all(sending);
  const arrived = await receiver.waitFor([...sent.keys()], 60_000);
  return [...sent].map(([name, at]) => (arrived.get(name) ?? Infinity) - at);
}

async function postDirect(url: string, name: string): Promise<void> {
  await fetch(url, { method: 'POST', body: JSON.stringify({ payload: { name } }) });
}

async function commitEvent(instance: ServeInstance, name: string): Promise<void> {
  const { stores } = instance;
  await stores.webhookEvents.record(stores.db, {
    region: 'US',
    system: 'data',
    event: 'dm.folder.added',
    resourceUrn: FOLDER,
    scopeKey: 'folder',
    scopeValues: [FOLDER],
    payload: { name, source: FOLDER },
    at: new Date(),
  });
  stores.webhookEvents.committed();
}

async function addHook(instance: ServeInstance, callbackUrl: string): Promise<void> {
  const now = new Date();
  await instance.stores.db.query(
    `INSERT INTO wh_hooks (id, region, system, event, scope_key, scope_value, callback_url, creator_type, created_by,
       client_id, tenant, created_at, updated_at)
     VALUES ($1, 'US', 'data', 'dm.folder.added', 'folder', $2, $3, 'Application', 'bench', 'bench', $2, $4, $4)`,
    [randomUUID(), FOLDER, callbackUrl, now],
  );
}

/** A 2-legged app's bucket listing: an API read that touches the token check and the database. */
async function apiRead(instance: ServeInstance): Promise<() => Promise<Response>> {
  const app = await createOAuthApp(instance.stores, { name: 'Bench', type: 'server' });
  const token = (await (
    await fetch(
      `${instance.url}/authentication/v2/token`,
      formPost(
        { grant_type: 'client_credentials', scope: 'bucket:read' },
        basicAuth(app.client_id, app.client_secret!),
      ),
    )
  ).json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${token.access_token}` };
  return () => fetch(`${instance.url}/oss/v2/buckets`, { headers });
}

async function readsFor(read: () => Promise<Response>, seconds: number): Promise<number[]> {
  const times: number[] = [];
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < seconds * READS_PER_SECOND; i++) {
    await sleep(Math.max(0, start + (i * 1000) / READS_PER_SECOND - performance.now()));
    const began = performance.now();
    pending.push(
      read().then(async (response) => {
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`the API read answered ${response.status}`);
        times.push(performance.now() - began);
      }),
    );
  }
  await Promise.all(pending);
  return times;
}

/** A callback receiver: when each event arrived, by its payload's name. */
async function startReceiver() {
  const arrived = new Map<string, number>();
  let wake: (() => void) | undefined;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { payload: { name: string } };
      if (!arrived.has(body.payload.name)) arrived.set(body.payload.name, at);
      response.end();
      wake?.();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    /** Resolves once every name arrived, or at the deadline with what did. */
    async waitFor(names: string[], timeoutMs: number): Promise<Map<string, number>> {
      const deadline = performance.now() + timeoutMs;
      while (names.some((name) => !arrived.has(name)) && performance.now() < deadline)
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 250);
        });
      return arrived;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const p99 = (values: number[]) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * 0.99))] ?? 0;
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)] ?? 0;
