import { randomUUID } from 'node:crypto';
import type { JobResponse } from '../../../contracts/model-derivative';
import { modelDerivativeError } from '../../http/errors';
import type { SourceDesign } from './access';
import type { MdContext } from './context';
import type { JobRunner } from './job-runner';
import { checkConvertible, type ValidJob } from './job-request';

// How long a client over its job limit waits before asking again: about one short job.
const RETRY_AFTER_SECONDS = 30;

export interface JobAnswer {
  status: 200 | 201;
  body: JobResponse;
}

/**
 * `POST …/job`: 201 when every requested derivative already exists (unless forced), else a new
 * pending job for the outputs still missing, within the app's limit of live jobs (429 beyond it).
 */
export async function startJob(
  md: MdContext,
  runner: JobRunner,
  source: SourceDesign,
  job: ValidJob,
  clientId: string,
  force: boolean,
): Promise<JobAnswer> {
  const now = md.clock.now();
  const fileName = source.objectKey.slice(source.objectKey.lastIndexOf('/') + 1);
  checkConvertible(fileName, job.rootFilename, job.formats);
  const body = (result: JobResponse['result']): JobResponse => ({
    result,
    urn: source.urn,
    acceptedJobs: { output: { formats: job.formats, destination: { region: 'us' } } },
  });

  const jobId = randomUUID();
  const created = await md.stores.mdJobs.create({
    id: jobId,
    manifest: {
      urn: source.urn,
      sourceUrn: source.sourceUrn,
      bucketKey: source.bucketKey,
      objectKey: source.objectKey,
      fileName,
      rootFilename: job.rootFilename ?? null,
      region: 'US',
      createdAt: now,
    },
    clientId,
    formats: job.formats,
    force,
    maxLive: md.maxJobsPerApp,
    workflow: job.workflow,
  });
  switch (created.outcome) {
    case 'missing':
      throw modelDerivativeError(404, `The source design ${source.urn} does not exist.`);
    case 'running':
      throw modelDerivativeError(
        409,
        'A translation of this design is already running. Wait for it to end, or send x-ads-force: true to start again.',
      );
    case 'done':
      return { status: 201, body: body('success') };
    case 'limit': {
      const error = modelDerivativeError(
        429,
        `Too many translation jobs: an app may have at most ${md.maxJobsPerApp} pending or running at once. Retry after ${RETRY_AFTER_SECONDS} seconds.`,
      );
      error.headers['Retry-After'] = String(RETRY_AFTER_SECONDS);
      throw error;
    }
  }
  // A replaced job's row is gone: stopped, it records nothing (its results find no derivative of theirs).
  await Promise.all(created.replaced.map((id) => runner.cancel(id)));
  runner.enqueue(jobId);
  // After the answer: the old derivative's bytes are no one's now, and deleting them took 0.4-6.5 ms of the POST.
  if (created.freed.length) runner.afterAnswer(() => freeBlobs(md, created.freed));
  return { status: 200, body: body('created') };
}

/** Removes a manifest, its derivatives and their bytes, stopping its job first; idempotent. */
export async function deleteManifest(md: MdContext, runner: JobRunner, urn: string): Promise<void> {
  const live = await md.stores.mdJobs.liveOf(urn);
  if (live) await runner.cancel(live.id);
  const freed = await md.stores.db.transaction((tx) => md.stores.mdManifests.delete(tx, urn));
  await freeBlobs(md, freed ?? []);
}

/** Derivative blobs are never shared, so they go at once; one that stays is left to the orphan sweep. */
async function freeBlobs(md: MdContext, blobIds: readonly string[]): Promise<void> {
  await Promise.all(blobIds.map((id) => md.blobs.delete(id).catch(() => undefined)));
}
