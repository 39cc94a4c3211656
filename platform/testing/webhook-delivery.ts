import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../storage/db/db';
import { createStores, type Stores } from '../storage/stores';
import type { HookRecord } from '../storage/repos/wh-hooks';
import type { NewWebhookEvent } from '../storage/repos/wh-events';
import { openDatabase } from '../storage/db/open';
import { freshDb } from './memory-db';
import { freshSchema, TEST_DATABASE_URL } from './shared-database';
import { TestClock } from './test-platform';

export const FOLDER = 'urn:adsk.wipprod:fs.folder:co.Sub';
export const ROOT = 'urn:adsk.wipprod:fs.folder:co.Root';

/** One request a receiver got, with the body's exact bytes. */
export interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Answers a request; the default answers 200. May hold the answer back (a slow receiver). */
export type Answer = (request: Received, response: ServerResponse) => void;

/** A real HTTP receiver on 127.0.0.1 (port 0), recording every request and answering as the test says. */
export async function startReceiver(answer: Answer = (_, res) => res.end('ok')) {
  const received: Received[] = [];
  let current = answer;
  const arrivals = new Set<() => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(request);
      for (const arrived of arrivals) arrived();
      current(request, res);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    answer(next: Answer) {
      current = next;
    },
    /** Resolves once the receiver holds `count` requests (no timer: an event of the server). */
    async arrived(count: number): Promise<void> {
      while (received.length < count) await new Promise<void>((resolve) => arrivals.add(resolve));
      arrivals.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Where the delivery tests run: the embedded database always, a PostgreSQL server too when CI gives one. */
export const DELIVERY_BACKENDS: { name: string; open: () => Promise<Db> }[] = [
  { name: 'PGlite', open: freshDb },
  ...(TEST_DATABASE_URL
    ? [{ name: 'PostgreSQL', open: async () => openDatabase({ dataDir: '', databaseUrl: await freshSchema() }) }]
    : []),
];

/** A fresh database with a test clock: hooks and events written straight into the tables. */
export async function deliveryBench(db?: Db) {
  const database = db ?? (await freshDb());
  const stores: Stores = createStores(database);
  const bench = {
    db: database,
    stores,
    clock: new TestClock(),
    /** Empties the webhook tables and turns the clock back, so one database serves a whole file. */
    async reset(): Promise<void> {
      await database.query(`TRUNCATE wh_attempts, wh_deliveries, wh_events, wh_hooks, wh_secrets`);
      bench.clock = new TestClock();
    },
    async addHook(fields: Partial<HookRecord> & { callbackUrl: string }): Promise<string> {
      const id = fields.id ?? randomUUID();
      const now = bench.clock.now();
      await database.query(
        `INSERT INTO wh_hooks (id, region, system, event, scope_key, scope_value, callback_url, creator_type, created_by,
           client_id, status, auto_reactivate, filter, tenant, payload_only, token, expires_at, hook_expiry,
           created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19)`,
        [
          id,
          fields.region ?? 'US',
          fields.system ?? 'data',
          fields.event ?? 'dm.version.added',
          fields.scopeKey ?? 'folder',
          fields.scopeValue ?? FOLDER,
          fields.callbackUrl,
          fields.creatorType ?? 'Application',
          fields.createdBy ?? 'client-1',
          fields.clientId ?? 'client-1',
          fields.status ?? 'active',
          fields.autoReactivate ?? false,
          fields.filter === undefined || fields.filter === null ? null : JSON.stringify(fields.filter),
          fields.tenant ?? FOLDER,
          fields.payloadOnly ?? false,
          fields.token ?? null,
          fields.expiresAt ?? null,
          fields.hookExpiry ?? null,
          now,
        ],
      );
      return id;
    },
    async hook(id: string): Promise<HookRecord | undefined> {
      return stores.webhookHooks.find(id);
    },
    /** An event as a service records it (committed at once), in the hook's default scope unless told. */
    async addEvent(fields: Partial<NewWebhookEvent> = {}): Promise<void> {
      await stores.webhookEvents.record(database, {
        region: 'US',
        system: 'data',
        event: 'dm.version.added',
        resourceUrn: 'urn:adsk.wipprod:fs.file:vf.AbC?version=1',
        scopeKey: 'folder',
        scopeValues: [FOLDER, ROOT],
        payload: { ext: 'rvt', name: 'tower.rvt', version: '1' },
        at: bench.clock.now(),
        ...fields,
      });
      stores.webhookEvents.committed();
    },
    async deliveries(hookId?: string) {
      return stores.webhookDeliveries.log.list({ hookId, limit: 500 });
    },
  };
  return bench;
}

export type DeliveryBench = Awaited<ReturnType<typeof deliveryBench>>;
