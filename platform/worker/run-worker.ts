import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { openBlobs } from '../cli/blob-options';
import { openStorage } from '../cli/storage';
import type { WorkerOptions } from '../cli/worker-options';
import { systemClock } from '../config';
import { createJobRunner } from '../services/model-derivative/job-runner';
import { createWorkerPool } from '../translation/pool';

// A worker with room asks for work this often; a claim is one indexed UPDATE, cheap enough to repeat.
const POLL_MS = 500;

/**
 * `platform worker`: runs translation jobs on any machine that reaches the database and the store,
 * claiming them with leases. On SIGTERM it stops claiming, hands its running jobs back and exits.
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
  const jobs = createJobRunner({
    stores: storage.stores, blobs, clock: systemClock, translator, workDir,
    logger: console, lease: { holder, seconds: options.leaseSeconds },
  });
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  const poll = async () => {
    try {
      await jobs.claimWaiting(workers);
    } catch (error) {
      console.error('worker: claiming jobs failed', error);
    }
    if (!stopping) timer = setTimeout(() => void poll(), POLL_MS);
  };
  void translator.ready().then(() => {
    log(`translation workers warm (${workers})`);
    if (!stopping) void poll();
  });
  log(`worker ready as ${holder}, running up to ${workers} translations`);

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearTimeout(timer);
    log(`worker stopping (${signal}): handing running jobs back`);
    await jobs.close();
    await translator.close();
    await storage.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
