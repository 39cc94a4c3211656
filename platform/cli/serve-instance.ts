import { serve, type ServerType } from '@hono/node-server';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { adminApiEnabled } from '../admin-api/local-only';
import type { PlatformTools } from '../admin-api/routes';
import { createApp } from '../app';
import type { SeedContext } from '../demo/store-file';
import { FaultSet } from '../faults/fault-set';
import { createRecorder } from '../inspector/recorder';
import { seedAtStart } from '../seed/seed-command';
import { createBaseline, type Baseline } from '../snapshot/baseline';
import { snapshotRoutes, type SnapshotRouteDeps } from '../snapshot/routes';
import { createWorkitemEngine } from '../automation/engine';
import type { Clock } from '../clock';
import { systemClock, type PlatformConfig } from '../config';
import { closeOnlyIdleConnections } from '../http/server-timeouts';
import { generateSigningKey, loadSigner } from '../services/authentication/signing';
import { rehearseJobPath } from '../services/model-derivative/rehearsal';
import type { BlobStore } from '../storage/blobs/blob-store';
import type { Stores } from '../storage/stores';
import { createWorkerPool } from '../translation/pool';
import { webhookDeliveryRoutes } from '../services/webhooks/admin/routes';
import { createWebhookEngine, type WebhookEngine } from '../services/webhooks/delivery/engine';
import { openBlobs } from './blob-options';
import { drain, platformLog } from './process-life';
import type { ServeOptions } from './serve-options';
import { DEFAULT_DATA_DIR, openStorage } from './storage';
import { scheduleServeChores } from './serve-chores';

/** A serving platform: what `serve` runs until a signal, and what `startPlatform` hands a test suite. */
export interface ServeInstance {
  url: string;
  app: ReturnType<typeof createApp>;
  stores: Stores;
  blobs: BlobStore;
  dataDir: string;
  clock: Clock;
  tools: PlatformTools;
  /** Snapshots, restores and the reset's baseline: what /_platform/snapshot and /reset use. */
  state: SnapshotRouteDeps;
  /** Drains requests under way, hands running jobs back and closes the storage. */
  stop(): Promise<void>;
}

export interface ServeExtras {
  clock?: Clock;
  /** Runs on the open storage before jobs resume and the port opens: seeding, a baseline. */
  prepare?: (ctx: SeedContext) => Promise<void>;
  /** Keep the state after the seed, for `POST /_platform/reset` (always with `--seed`). */
  baseline?: boolean;
  /** The PostgreSQL server to keep metadata on, in place of `DATABASE_URL`; null: the embedded database. */
  databaseUrl?: string | null;
  /** Said at each step of the process's life; `serve` prints it, a test suite stays quiet. */
  say?: (message: string) => void;
}

export async function startServeInstance(options: ServeOptions, extras: ServeExtras = {}): Promise<ServeInstance> {
  const clock = extras.clock ?? systemClock;
  // A new data directory needs a signing key: its generation (up to a second of RSA) runs on a
  // thread of its own while the database opens.
  const databaseUrl = extras.databaseUrl === undefined ? process.env['DATABASE_URL'] || null : extras.databaseUrl;
  const newKey = !databaseUrl && freshDataDir(options.dataDir) ? generateSigningKey() : undefined;
  newKey?.catch(() => undefined);
  const storage = await openStorage(options.dataDir, true, options.dbBufferMb, databaseUrl);
  const embedded = storage.stores.db.kind === 'pglite';
  const config: PlatformConfig = {
    issuer: options.publicUrl ?? '',
    appOrigins: options.appOrigins,
    accessTokenTtlSeconds: options.tokenTtlSeconds,
    rateLimits: options.rateLimits,
    automation: { allowHosts: options.automation.allowHosts },
    rateLimitWindowSeconds: options.rateLimitWindowSeconds,
    ...(options.webhookRetryDelaysSeconds
      ? { webhooks: { retryDelaysSeconds: options.webhookRetryDelaysSeconds } }
      : {}),
  };
  const signer = await loadSigner(
    storage.stores.oauth,
    () => config.issuer,
    () => newKey ?? generateSigningKey(),
  );
  const blobs = await openBlobs(options.blobs, storage.dataDir, clock);
  const ctx: SeedContext = { stores: storage.stores, blobs, clock };
  try {
    // Seeded translations are stored waiting: the job runner's resume below picks them up.
    if (options.seed) await seedAtStart(ctx, options.seed);
    await extras.prepare?.(ctx);
  } catch (error) {
    await storage.close();
    throw error;
  }
  const { workers, timeoutSeconds, memoryMb } = options.translation;
  // With --jobs queue the fleet's workers translate, so this pool stays cold and idle.
  const runsJobs = options.jobs === 'in-process';
  // Warm from the start: a cold worker's first job is many times a warm one's (decision 0010);
  // on demand, a test suite's platform holds no worker until its first job (decision 0017).
  const warm = runsJobs && options.workersStart === 'ahead';
  const translator = createWorkerPool({ workers, timeoutMs: timeoutSeconds * 1000, memoryMb, warm });
  // Job work files are scratch: whatever a stop left in them is started again from the source.
  const workDir = path.join(storage.dataDir, 'jobs');
  await rm(workDir, { recursive: true, force: true });
  const automation = createWorkitemEngine({
    workers: options.automation.workers,
    workDir: path.join(storage.dataDir, 'automation'),
    clock,
  });
  const jobQueue = { lease: { seconds: options.jobLeaseSeconds }, runsJobs };
  const log = platformLog(options.log);
  const say = extras.say ?? log.say;
  const adminApi = adminApiEnabled(options.adminApi, options.host, options.publicUrl);
  let baseline: Baseline | undefined;
  const state: SnapshotRouteDeps = {
    ...ctx,
    scratchDir: path.join(storage.dataDir, 'snapshot'),
    baseline: () => baseline,
  };
  // Every instance delivers webhooks: leases on the deliveries make each attempt happen once.
  // On the embedded database every event is this process's own and wakes the engine itself: the poll is a backstop.
  const webhooks: WebhookEngine = createWebhookEngine(
    { stores: storage.stores, clock, config, logger: log.logger },
    { pollMs: storage.stores.db.kind === 'postgres' ? 250 : 2_000 },
  );
  const tools: PlatformTools = {
    adminApi,
    faults: new FaultSet(options.faults),
    requests: createRecorder(),
    webhookDeliveries: webhookDeliveryRoutes({ stores: storage.stores, clock, wake: () => webhooks.wake() }),
    extraRoutes: snapshotRoutes(state),
  };
  const app = createApp(
    { config, stores: storage.stores, signer, clock, blobs, translator, automation, workDir, jobQueue },
    log.logger,
    { tools, ...(options.log === 'json' ? { requestLog: log.write } : {}) },
  );
  state.runners = { jobs: app.jobs, workitems: app.workitems };
  // Taken before the seeded jobs resume: a reset asks for them again.
  if (options.seed || extras.baseline) baseline = await createBaseline(state);
  await app.jobs.resume();
  await app.workitems.resume();
  // Pending deliveries and undispatched events a stop or a crash left are taken up here.
  await webhooks.start();

  const server = serve({ fetch: app.fetch, port: options.port, hostname: options.host });
  closeOnlyIdleConnections(server);
  const url = await listening(server, options.host);
  config.issuer ||= url;
  say(`platform listening on ${url}`);
  if (warm) {
    // The database's half of a first job's extra wait goes with the workers' (see rehearsal.ts).
    const rehearsal = embedded
      ? rehearseJobPath(storage.stores.db, clock).catch((error: unknown) =>
          log.logger.error('job path rehearsal failed', error),
        )
      : undefined;
    void Promise.all([translator.ready(), rehearsal]).then(() => say(`translation workers warm (${workers})`));
  }
  const stopChores = scheduleServeChores({ app, stores: storage.stores, blobs, clock, options, logger: log.logger });

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      // /ready answers 503 and no new connection is taken; requests under way finish, up to the drain timeout.
      app.readiness.draining = true;
      stopChores();
      await drain(server, options.drainTimeoutSeconds * 1000);
      // Attempts under way end (within the callback timeout) and record their outcome; what waits stays pending.
      await webhooks.stop();
      // Running jobs stay `inprogress` and are handed back: another instance or worker, or the next start, runs them again.
      await app.jobs.close();
      await app.workitems.close();
      await translator.close();
      await automation.close();
      await baseline?.dispose();
      await storage.close();
    })());
  return { url, app, stores: storage.stores, blobs, dataDir: storage.dataDir, clock, tools, state, stop };
}

function freshDataDir(dataDir: string | undefined): boolean {
  return !existsSync(path.join(path.resolve(dataDir ?? DEFAULT_DATA_DIR), 'db'));
}

async function listening(server: ServerType, hostName: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = hostName.includes(':') ? `[${hostName}]` : hostName;
  return `http://${host}:${port}`;
}
