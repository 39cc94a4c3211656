import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createWorkitemEngine } from '../automation/engine';
import { openBlobs } from './blob-options';
import { openStorage } from './storage';
import type { WorkerOptions } from './worker-options';
import { systemClock } from '../config';
import { lazyStoreSigner } from '../services/design-automation/context';
import { outboundFetch } from '../services/design-automation/outbound-fetch';
import { createWorkitemRunner } from '../services/design-automation/workitem-runner';
import { createJobRunner } from '../services/model-derivative/job-runner';
import { createWorkerPool } from '../translation/pool';

// A worker with room asks for work this often; a claim is one indexed UPDATE, cheap enough to repeat.
const POLL_MS = 500;

/**
 * `platform worker`: runs translation jobs and Design Automation workitems on any machine that
 * reaches the database and the store, claiming them with leases. On SIGTERM it stops claiming,
 * hands what it runs back and exits.
 */
export async function runWorker(options: WorkerOptions, log: (line: string) => void = console.log): Promise<void> {
  const storage = await openStorage(options.dataDir ?? path.join('.data', 'worker'), true);
  const blobs = await openBlobs(options.blobs, storage.dataDir, systemClock);
  const { workers, timeoutSeconds, memoryMb } = options.translation;
  // Warm before claiming, so a job goes to a worker that is ready for it rather than waiting on a cold one.
  const translator = createWorkerPool({ workers, timeoutMs: timeoutSeconds * 1000, memoryMb, warm: true });
  const workDir = path.join(storage.dataDir, 'jobs');
  await rm(workDir, { recursive: true, force: true });
  const holder = `worker-${randomUUID()}`;
  const lease = { holder, seconds: options.leaseSeconds };
  const jobs = createJobRunner({
    stores: storage.stores,
    blobs,
    clock: systemClock,
    translator,
    workDir,
    logger: console,
    lease,
  });
  const automation = createWorkitemEngine({
    workers: options.automation.workers,
    workDir: path.join(storage.dataDir, 'automation'),
    clock: systemClock,
  });
  const base = () => options.automation.publicUrl;
  // The platform is across the network here: its own URLs are fetched like any other, through the instances.
  const platformFetch = (request: Request) => fetch(request, { redirect: 'manual' });
  const workitems = createWorkitemRunner(
    {
      stores: storage.stores,
      blobs,
      clock: systemClock,
      engine: automation,
      workDir,
      logger: console,
      base,
      signer: lazyStoreSigner(storage.stores),
      fetch: outboundFetch({ platformFetch, base, allowHosts: options.automation.allowHosts }),
    },
    { lease },
  );

  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let translationsWarm = false;
  const poll = async () => {
    const claims = [
      workitems.claimWaiting(options.automation.workers),
      ...(translationsWarm ? [jobs.claimWaiting(workers)] : []),
    ];
    for (const claim of await Promise.allSettled(claims))
      if (claim.status === 'rejected') console.error('worker: claiming work failed', claim.reason);
    if (!stopping) timer = setTimeout(() => void poll(), POLL_MS);
  };
  void translator.ready().then(() => {
    translationsWarm = true;
    log(`translation workers warm (${workers})`);
  });
  void poll();
  log(`worker ready as ${holder}, running up to ${workers} translations and ${options.automation.workers} workitems`);

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearTimeout(timer);
    log(`worker stopping (${signal}): handing running jobs back`);
    await Promise.all([jobs.close(), workitems.close()]);
    await Promise.all([translator.close(), automation.close()]);
    await storage.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
