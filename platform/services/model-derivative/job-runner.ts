import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ManifestMessage } from '../../../contracts/model-derivative';
import { objectUrn } from '../../../contracts/oss';
import type { Clock } from '../../config';
import type { BlobStore } from '../../storage/blobs/blob-store';
import { readExtents } from '../../storage/blobs/extents';
import type { Lease } from '../../storage/repos/job-leases';
import type { ManifestRecord } from '../../storage/repos/md-records';
import type { StartedJob } from '../../storage/repos/md-jobs';
import type { ObjectContent } from '../../storage/repos/oss';
import type { Stores } from '../../storage/stores';
import { TranslationTimeoutError, type Translator } from '../../translation/engine-types';
import { extensionOf } from '../../translation/formats';
import { runLeased, type RunEnd } from '../../jobs/leased-run';
import { createLeasedRunner, MAX_ATTEMPTS, type LeasedRun } from '../../jobs/leased-runner';
import { recordResult } from './job-record';
import { progressWriter } from './progress-writer';

export interface JobRunnerDeps {
  stores: Stores;
  blobs: BlobStore;
  clock: Clock;
  translator: Translator;
  workDir: string;
  logger: { error(message: string, error?: unknown): void };
  /** The lease this runner claims jobs with; a fresh holder id and 30 seconds unless given. */
  lease?: Partial<Lease> | undefined;
  /** False: this process only records jobs, `platform worker` processes run them (`serve --jobs queue`). */
  runsJobs?: boolean | undefined;
}

export interface JobRunner {
  /** Starts a pending job (the translator queues it if its workers are busy). */
  enqueue(jobId: string): void;
  /** Work a request leaves for after its answer (the bytes a forced job let go); `idle` and `close` wait for it. */
  afterAnswer(work: () => Promise<void>): void;
  /** Stops a job whose manifest is being deleted; it records nothing more. */
  cancel(jobId: string): Promise<void>;
  /**
   * At start: re-runs the jobs a stop left behind, and fails those interrupted twice. `steal` takes
   * jobs whatever their lease (one machine: whoever held them was this platform before its stop);
   * without it, jobs another live instance holds are left to it.
   */
  resume(options?: { steal?: boolean }): Promise<void>;
  /** Claims waiting jobs (new ones, or ones whose holder died) while fewer than `capacity` run here; how many it took. */
  claimWaiting(capacity: number): Promise<number>;
  /** Resolves when no job is running and no work left by a request is. */
  idle(): Promise<void>;
  /** Stops every running job without recording an end and hands it back: another worker, or the next start, runs it again. */
  close(): Promise<void>;
}

export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const runner = createLeasedRunner({
    db: deps.stores.db,
    leases: deps.stores.mdJobLeases,
    clock: deps.clock,
    logger: deps.logger,
    noun: 'model derivative job',
    allLive: () => deps.stores.mdJobs.allLive(),
    start: (run) => afterThisTurn().then(() => (run.controller.signal.aborted ? undefined : runLeasedJob(deps, run))),
    lease: deps.lease,
    runsJobs: deps.runsJobs,
  });
  return {
    enqueue: (jobId) => runner.enqueue(jobId),
    afterAnswer(work) {
      runner.track(
        afterThisTurn()
          .then(work)
          .catch((error: unknown) => deps.logger.error('model derivative: work after an answer failed', error)),
      );
    },
    cancel: (jobId) => runner.cancel(jobId, new Error('The manifest was deleted.')),
    resume: (options) => runner.resume(options),
    claimWaiting: (capacity) => runner.claimWaiting(capacity),
    idle: () => runner.idle(),
    close: () => runner.close(),
  };
}

/**
 * The request that enqueued a job answers first: on the embedded database, which runs one statement
 * at a time, its answer would otherwise wait behind the job's start.
 */
const afterThisTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The lease held while the job runs; a job interrupted twice fails instead of running again. */
async function runLeasedJob(deps: JobRunnerDeps, { id: jobId, controller, lease, claim }: LeasedRun): Promise<void> {
  const started = await deps.stores.mdJobs.start(jobId, {
    lease,
    at: deps.clock.now(),
    steal: claim === 'steal',
    maxAttempts: MAX_ATTEMPTS,
  });
  if (started) {
    wakeWebhooks(deps, started.job);
    await runLeased(deps.stores.mdJobLeases, jobId, lease, deps.clock, controller, 'claimed', () =>
      run(deps, started, controller.signal),
    );
    return;
  }
  // Not started: it ended, another runner holds it, or it was interrupted too often, which ends it here.
  await runLeased(deps.stores.mdJobLeases, jobId, lease, deps.clock, controller, claim, async () => {
    const job = await deps.stores.mdJobs.find(jobId);
    if (job?.status !== 'inprogress' || job.attempts < MAX_ATTEMPTS) return;
    await deps.stores.mdJobs.finish(deps.stores.db, job.id, 'failed', deps.clock.now(), [
      {
        type: 'error',
        code: 'TranslationWorker-Interrupted',
        message: `The platform stopped ${job.attempts} times while this job ran, so it was not started again. Translate the design again.`,
      },
    ]);
    wakeWebhooks(deps, job);
  });
}

/**
 * A job with a workflow recorded a Webhooks event with its start or end (md-job-events.ts): wake this
 * process's dispatcher. In a `platform worker`, which dispatches nothing, the serving process's poll finds it.
 */
function wakeWebhooks(deps: JobRunnerDeps, job: { workflow: string | null }): void {
  if (job.workflow) deps.stores.webhookEvents.committed();
}

async function run(
  deps: JobRunnerDeps,
  { job, manifest, content }: StartedJob,
  signal: AbortSignal,
): Promise<RunEnd | undefined> {
  const dir = path.join(deps.workDir, job.id);
  // Only a run a stop interrupted can have left a folder behind.
  if (job.attempts > 1) await rm(dir, { recursive: true, force: true });
  const outDir = path.join(dir, 'out');
  const progress = progressWriter((percent) => deps.stores.mdJobs.setProgress(job.id, percent));
  try {
    await mkdir(outDir, { recursive: true });
    const sourcePath = await sourceFile(deps, manifest, content, dir);
    const title = await deps.stores.mdManifests.versionName(objectUrn(manifest.bucketKey, manifest.objectKey));
    signal.throwIfAborted();
    const result = await deps.translator.translate(
      {
        sourcePath,
        fileName: manifest.fileName,
        ...(title ? { title } : {}),
        outputs: job.outputs,
        outDir,
        ...(manifest.rootFilename ? { rootFilename: manifest.rootFilename } : {}),
      },
      (percent) => progress.report(percent),
      signal,
    );
    progress.stop();
    if (signal.aborted) return undefined;
    await recordResult(deps, job, outDir, result);
    wakeWebhooks(deps, job);
    return 'ended here';
  } catch (error) {
    // Stopping or deleted: a stop leaves the job to resume at the next start; a delete left nothing to update.
    if (signal.aborted) return undefined;
    await deps.stores.mdJobs.finish(
      deps.stores.db,
      job.id,
      error instanceof TranslationTimeoutError ? 'timeout' : 'failed',
      deps.clock.now(),
      [failureMessage(error)],
    );
    wakeWebhooks(deps, job);
    return 'ended here';
  } finally {
    progress.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The source as a work file the engine may read: the object's one blob linked in place when the
 * store can, else its bytes (possibly several blobs) copied.
 */
async function sourceFile(
  deps: JobRunnerDeps,
  manifest: ManifestRecord,
  content: ObjectContent | undefined,
  dir: string,
): Promise<string> {
  if (!content)
    throw Object.assign(new Error('The source design was deleted before it could be translated.'), {
      code: 'TranslationWorker-SourceNotFound',
    });
  const target = path.join(dir, `source.${extensionOf(manifest.fileName) || 'bin'}`);
  const { size, extents } = content;
  const [whole] = extents;
  if (extents.length === 1 && whole && whole.size === size && (await deps.blobs.linkInto(whole.blobId, target)))
    return target;
  const chunks = size > 0 ? readExtents(deps.blobs, extents, 0, size - 1) : Readable.from([]);
  await pipeline(chunks, createWriteStream(target));
  return target;
}

export function failureMessage(error: unknown): ManifestMessage {
  if (error instanceof TranslationTimeoutError)
    return {
      type: 'error',
      code: 'TranslationWorker-Timeout',
      message: error.message || 'The translation took longer than allowed.',
    };
  // The engine's codes read `Area-Reason` (TranslationError); a system error's `ENOENT` is an internal failure.
  const code =
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    /^\w+-\w+/.test(error.code)
      ? error.code
      : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return code
    ? { type: 'error', code, message }
    : { type: 'error', code: 'TranslationWorker-InternalFailure', message: `The translation failed: ${message}` };
}
