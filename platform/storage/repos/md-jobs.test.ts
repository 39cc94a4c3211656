import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbBackends } from '../../testing/db-backends';
import type { Db } from '../db/db';
import { jobLeasesRepo } from './job-leases';
import { mdJobsRepo, type JobStart } from './md-jobs';
import { mdManifestsRepo } from './md-manifests';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000 + 123);
const runner = (holder: string, seconds: number, options: Partial<JobStart> = {}): JobStart => ({
  lease: { holder, seconds: 30 },
  at: at(seconds),
  steal: false,
  maxAttempts: 2,
  ...options,
});

// Claiming and starting a job is one statement; what it may take is what the separate claim allowed.
describe.each(dbBackends)('starting a translation job on $name', ({ open }) => {
  let dir: string;
  let db: Db;
  let jobs: ReturnType<typeof mdJobsRepo>;
  let manifests: ReturnType<typeof mdManifestsRepo>;
  let leases: ReturnType<typeof jobLeasesRepo>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-md-jobs-'));
    db = await open(dir);
    jobs = mdJobsRepo(db);
    manifests = mdManifestsRepo(db);
    leases = jobLeasesRepo(db, 'md_jobs');
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  const pendingJob = async (urn: string, id: string) => {
    await db.transaction(async (tx) => {
      await manifests.upsert(tx, {
        urn,
        sourceUrn: `urn:${urn}`,
        bucketKey: 'b',
        objectKey: `${urn}.ifc`,
        fileName: `${urn}.ifc`,
        rootFilename: null,
        region: 'US',
        createdAt: at(0),
      });
      await jobs.insert(tx, { id, urn, clientId: 'client-a', outputs: [{ type: 'svf2' }], createdAt: at(1) });
      await manifests.addDerivatives(tx, urn, id, ['svf2'], at(1));
    });
  };

  it('claims a pending job, starts it and its derivatives, and answers with its manifest', async () => {
    await pendingJob('one', 'job-one');
    const started = await jobs.start('job-one', runner('runner-a', 2));
    expect(started?.job).toMatchObject({
      id: 'job-one',
      status: 'inprogress',
      attempts: 1,
      startedAt: at(2),
      outputs: [{ type: 'svf2' }],
    });
    expect(started?.manifest).toEqual(await manifests.find('one'));
    // No object in its bucket: the runner fails the job for its missing source.
    expect(started?.content).toBeUndefined();
    expect((await manifests.derivatives('one')).map((derivative) => derivative.status)).toEqual(['inprogress']);
    // The lease is the runner's: another cannot claim it, its holder renews it.
    expect(await leases.claim('job-one', { holder: 'runner-b', seconds: 30 }, at(3))).toBe(false);
    expect(await leases.renew('job-one', { holder: 'runner-a', seconds: 30 }, at(3))).toBe(true);
  });

  it('leaves a job another runner holds until its lease lapses, unless told to steal it', async () => {
    await pendingJob('two', 'job-two');
    expect(await leases.claim('job-two', { holder: 'runner-b', seconds: 30 }, at(2))).toBe(true);
    expect(await jobs.start('job-two', runner('runner-a', 3))).toBeUndefined();
    expect((await jobs.find('job-two'))?.status).toBe('pending');
    expect(await jobs.start('job-two', runner('runner-b', 3))).toBeDefined();
    expect((await jobs.start('job-two', runner('runner-a', 40)))?.job.attempts).toBe(2);
    await pendingJob('three', 'job-three');
    await leases.claim('job-three', { holder: 'runner-b', seconds: 30 }, at(2));
    expect(await jobs.start('job-three', runner('runner-a', 3, { steal: true }))).toBeDefined();
  });

  it('does not start a job interrupted too often, nor one that ended', async () => {
    await pendingJob('four', 'job-four');
    await jobs.start('job-four', runner('runner-a', 2));
    await jobs.start('job-four', runner('runner-a', 3));
    expect(await jobs.start('job-four', runner('runner-a', 4))).toBeUndefined();
    expect(await jobs.find('job-four')).toMatchObject({ status: 'inprogress', attempts: 2 });
    await db.transaction((tx) => jobs.finish(tx, 'job-four', 'failed', at(5)));
    expect(await jobs.start('job-four', runner('runner-a', 6, { steal: true, maxAttempts: 9 }))).toBeUndefined();
  });

  it('records extraction.updated when a job with a workflow leaves pending, and extraction.finished when it ends', async () => {
    await pendingJob('five', 'job-five');
    await db.query(`UPDATE md_jobs SET workflow = 'wf-5', workflow_attribute = '{"n": 5}' WHERE id = 'job-five'`);
    await db.query(`UPDATE md_manifests SET region = 'EU' WHERE urn = 'five'`);
    const events = () =>
      db.query<Record<string, unknown>>(
        `SELECT event, region, system, resource_urn AS "resourceUrn", scope_key AS "scopeKey",
           scope_values AS "scopeValues", payload, created_at AS "createdAt" FROM wh_events WHERE resource_urn = 'five' ORDER BY id`,
      );
    await jobs.start('job-five', runner('runner-a', 2));
    // Started again after a stop: it did not leave pending, so nothing more is told.
    await jobs.start('job-five', runner('runner-a', 3));
    // A finish rolled back leaves neither the end nor its event.
    await expect(
      db.transaction(async (tx) => {
        await jobs.finish(tx, 'job-five', 'success', at(4));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await events()).toHaveLength(1);
    await db.transaction((tx) => jobs.finish(tx, 'job-five', 'timeout', at(5)));
    await db.transaction((tx) => jobs.finish(tx, 'job-five', 'failed', at(6)));
    const told = (event: string, seconds: number, status: string) => ({
      event,
      region: 'EMEA',
      system: 'derivative',
      resourceUrn: 'five',
      scopeKey: 'workflow',
      scopeValues: ['wf-5'],
      createdAt: at(seconds),
      payload: {
        TimeStamp: at(seconds).getTime(),
        URN: 'five',
        EventType: event === 'extraction.updated' ? 'EXTRACTION_UPDATED' : 'EXTRACTION_FINISHED',
        Payload: { status, scope: 'urn:five', registerKey: [], workflowAttribute: { n: 5 } },
      },
    });
    expect(await events()).toEqual([
      told('extraction.updated', 2, 'inprogress'),
      told('extraction.finished', 5, 'timeout'),
    ]);
  });
});
