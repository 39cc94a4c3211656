import { serve } from '@hono/node-server';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from '../app';
import { createWorkitemEngine } from '../automation/engine';
import { systemClock, type PlatformConfig } from '../config';
import { closeOnlyIdleConnections } from '../http/server-timeouts';
import { loadSigner } from '../services/authentication/signing';
import { rehearseJobPath } from '../services/model-derivative/rehearsal';
import { scheduleOssSweeps } from '../services/oss/sweepers';
import { analyzeStaleTables } from '../storage/db/analyze';
import { createWorkerPool } from '../translation/pool';
import { openBlobs } from './blob-options';
import { drain, platformLog } from './process-life';
import type { ServeOptions } from './serve-options';
import { openStorage } from './storage';

/** `platform serve`: the platform on one port until SIGINT or SIGTERM, which drains it. */
export async function runServe(options: ServeOptions): Promise<void> {
  const storage = await openStorage(options.dataDir, true);
  const embedded = storage.stores.db.kind === 'pglite';
  if (embedded) await analyzeStaleTables(storage.stores.db);
  const config: PlatformConfig = {
    issuer: options.publicUrl ?? '',
    appOrigins: options.appOrigins,
    accessTokenTtlSeconds: options.tokenTtlSeconds,
    rateLimits: options.rateLimits,
    automation: { allowHosts: options.automation.allowHosts },
    rateLimitWindowSeconds: options.rateLimitWindowSeconds,
  };
  const signer = await loadSigner(storage.stores.oauth, () => config.issuer);
  const blobs = await openBlobs(options.blobs, storage.dataDir, systemClock);
  const { workers, timeoutSeconds, memoryMb } = options.translation;
  // Warm from the start: a cold worker's first job is many times a warm one's (decision 0010).
  // With --jobs queue the fleet's workers translate, so this pool stays cold and idle.
  const runsJobs = options.jobs === 'in-process';
  const translator = createWorkerPool({ workers, timeoutMs: timeoutSeconds * 1000, memoryMb, warm: runsJobs });
  // Job work files are scratch: whatever a stop left in them is started again from the source.
  const workDir = path.join(storage.dataDir, 'jobs');
  await rm(workDir, { recursive: true, force: true });
  const automation = createWorkitemEngine({
    workers: options.automation.workers,
    workDir: path.join(storage.dataDir, 'automation'),
    clock: systemClock,
  });
  const jobQueue = { lease: { seconds: options.jobLeaseSeconds }, runsJobs };
  const log = platformLog(options.log);
  const app = createApp(
    { config, stores: storage.stores, signer, clock: systemClock, blobs, translator, automation, workDir, jobQueue },
    log.logger,
    options.log === 'json' ? { requestLog: log.write } : {},
  );
  await app.jobs.resume();
  await app.workitems.resume();

  const server = serve({ fetch: app.fetch, port: options.port, hostname: options.host });
  closeOnlyIdleConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  config.issuer ||= `http://${host}:${port}`;
  log.say(`platform listening on http://${host}:${port}`);
  if (runsJobs) {
    // The database's half of a first job's extra wait goes with the workers' (see rehearsal.ts).
    const rehearsal = embedded
      ? rehearseJobPath(storage.stores.db, systemClock).catch((error: unknown) =>
          log.logger.error('job path rehearsal failed', error),
        )
      : undefined;
    void Promise.all([translator.ready(), rehearsal]).then(() => log.say(`translation workers warm (${workers})`));
  }
  // Expired uploads, retention and orphaned bytes: once at start (a crash may have left some), then every minute.
  const stopSweeps = scheduleOssSweeps({ stores: storage.stores, blobs, clock: systemClock }, 60, (error) =>
    console.error('oss sweep failed', error),
  );
  // Workitems past their retention (3 days after they ended) go every minute, with their reports.
  const workitemSweep = setInterval(
    () => void app.workitems.sweep().catch((error: unknown) => console.error('workitem sweep failed', error)),
    60_000,
  );
  workitemSweep.unref();
  // The embedded database has no autovacuum: statistics of tables that grew are refreshed every ten minutes.
  const analyze = embedded
    ? setInterval(
        () =>
          void analyzeStaleTables(storage.stores.db).catch((error: unknown) =>
            log.logger.error('analyze failed', error),
          ),
        600_000,
      )
    : undefined;
  analyze?.unref();
  // Instances sharing a server adopt the jobs and workitems of one that died, once their leases lapse.
  // Only with --jobs in-process: with --jobs queue the workers claim both (claimWaiting does nothing here then).
  const adoption =
    storage.stores.db.kind === 'postgres'
      ? setInterval(
          () => {
            void app.jobs
              .claimWaiting(workers)
              .catch((error: unknown) => log.logger.error('claiming jobs failed', error));
            void app.workitems
              .claimWaiting(options.automation.workers)
              .catch((error: unknown) => log.logger.error('claiming workitems failed', error));
          },
          (options.jobLeaseSeconds * 1000) / 2,
        )
      : undefined;
  adoption?.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.say(`platform stopping (${signal}): draining`);
    // /ready answers 503 and no new connection is taken; requests under way finish, up to the drain timeout.
    app.readiness.draining = true;
    stopSweeps();
    clearInterval(workitemSweep);
    clearInterval(analyze);
    clearInterval(adoption);
    await drain(server, options.drainTimeoutSeconds * 1000);
    // Running jobs stay `inprogress` and are handed back: another instance or worker, or the next start, runs them again.
    await app.jobs.close();
    await app.workitems.close();
    await translator.close();
    await automation.close();
    await storage.close();
    log.say('platform stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
