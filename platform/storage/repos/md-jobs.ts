import type { TranslationStatus } from '../../../contracts/model-derivative';
import type { Db, Queryable } from '../db/db';
import { leaseFree, leaseUntil, LIVE, type Lease } from './job-leases';
import { createJob, type JobRequest } from './md-job-create';
import { extractionEventInsert } from './md-job-events';
import { JOB_COLUMNS, MANIFEST_COLUMNS, type JobRecord, type ManifestRecord } from './md-records';
import type { ObjectContent } from './oss';
import { EXTENTS_JSON, visible } from './oss-objects';

/** How a runner starts a job: as whom, when, taking it from a lapsed or (`steal`) any holder. */
export interface JobStart {
  lease: Lease;
  at: Date;
  steal: boolean;
  maxAttempts: number;
}

/** A started job with the manifest it translates and its source's bytes (undefined: the object is gone). */
export interface StartedJob {
  job: JobRecord;
  manifest: ManifestRecord;
  content: ObjectContent | undefined;
}

/** Translation jobs: the persisted state machine pending → inprogress → success | failed | timeout. */
export function mdJobsRepo(db: Db) {
  return {
    /** `POST …/job` in one statement: see md-job-create.ts. */
    create: (request: JobRequest) => createJob(db, request),
    async insert(
      tx: Queryable,
      job: Pick<JobRecord, 'id' | 'urn' | 'clientId' | 'outputs' | 'createdAt'>,
    ): Promise<void> {
      await tx.query(
        `INSERT INTO md_jobs (id, urn, client_id, status, outputs, created_at) VALUES ($1, $2, $3, 'pending', $4, $5)`,
        [job.id, job.urn, job.clientId, JSON.stringify(job.outputs), job.createdAt],
      );
    },
    async find(id: string): Promise<JobRecord | undefined> {
      const [job] = await db.query<JobRecord>(`SELECT ${JOB_COLUMNS} FROM md_jobs WHERE id = $1`, [id]);
      return job;
    },
    async liveOf(urn: string): Promise<JobRecord | undefined> {
      const [job] = await db.query<JobRecord>(
        `SELECT ${JOB_COLUMNS} FROM md_jobs WHERE urn = $1 AND ${LIVE} ORDER BY created_at DESC LIMIT 1`,
        [urn],
      );
      return job;
    },
    /** Every job a restart left behind, oldest first. */
    async allLive(): Promise<JobRecord[]> {
      return db.query<JobRecord>(`SELECT ${JOB_COLUMNS} FROM md_jobs WHERE ${LIVE} ORDER BY created_at`);
    },
    /**
     * Claims and starts a job in one statement (a small job's time is mostly such round trips):
     * pending|inprogress → inprogress with one more attempt and `lease`, its pending derivatives
     * with it, answered with the manifest the run needs. Undefined when the job ended, another
     * runner holds it (unless `steal`), or a restart interrupted it `maxAttempts` times already.
     * The source's blobs come with it: a round trip less before the engine starts. A job with a
     * workflow records `extraction.updated` when it leaves pending (not when a restart runs it again).
     */
    async start(id: string, run: JobStart): Promise<StartedJob | undefined> {
      const [row] = await db.query<JobRecord & { manifest: ManifestRecord; content: ObjectContent | null }>(
        `WITH started AS (
           UPDATE md_jobs SET status = 'inprogress', progress = 0, attempts = attempts + 1, started_at = $2,
             lease_holder = $3, lease_expires_at = $4
           WHERE id = $1 AND ${LIVE} AND (${leaseFree(2)} OR lease_holder = $3 OR $5)
             AND NOT (status = 'inprogress' AND attempts >= $6)
           RETURNING *),
         -- The status before this statement: every part of it reads the one snapshot taken before the UPDATE.
         before AS (SELECT status FROM md_jobs WHERE id = $1),
         derivatives AS (UPDATE md_derivatives SET status = 'inprogress' WHERE job_id IN (SELECT id FROM started) AND status = 'pending'),
         event AS (${extractionEventInsert('started', 'extraction.updated', 2, `(SELECT status FROM before) = 'pending'`)})
         SELECT ${JOB_COLUMNS}, (SELECT row_to_json(m) FROM (SELECT ${MANIFEST_COLUMNS} FROM md_manifests WHERE urn = started.urn) m) AS manifest,
           (SELECT json_build_object('size', o.size::float8, 'extents', ${EXTENTS_JSON}) FROM md_manifests m
            JOIN oss_objects o ON o.bucket_key = m.bucket_key AND o.object_key = m.object_key WHERE m.urn = started.urn AND ${visible(2)}) AS content
         FROM started`,
        [id, run.at, run.lease.holder, leaseUntil(run.lease, run.at), run.steal, run.maxAttempts],
      );
      if (!row?.manifest) return undefined;
      const { manifest, content, ...job } = row;
      return {
        job,
        manifest: { ...manifest, createdAt: new Date(manifest.createdAt), updatedAt: new Date(manifest.updatedAt) },
        content: content ?? undefined,
      };
    },
    async setProgress(id: string, percent: number): Promise<void> {
      await db.query(`UPDATE md_jobs SET progress = $2 WHERE id = $1 AND status = 'inprogress'`, [id, percent]);
    },
    /**
     * Ends a running job; its derivatives not yet decided end the same way, with `messages`. A job
     * with a workflow records `extraction.finished` with the change (inside `tx`'s transaction if any).
     */
    async finish(
      tx: Queryable,
      id: string,
      status: Exclude<TranslationStatus, 'pending' | 'inprogress'>,
      at: Date,
      messages: readonly object[] = [],
    ): Promise<boolean> {
      const ended = await tx.query(
        `WITH ended AS (UPDATE md_jobs SET status = $2, progress = 100, finished_at = $3 WHERE id = $1 AND ${LIVE} RETURNING *),
         derivatives AS (UPDATE md_derivatives SET status = $2, messages = messages || $4::jsonb WHERE job_id = $1 AND ${LIVE}),
         event AS (${extractionEventInsert('ended', 'extraction.finished', 3)})
         SELECT id FROM ended`,
        [id, status, at, JSON.stringify(messages)],
      );
      return ended.length > 0;
    },
  };
}

export type MdJobsRepo = ReturnType<typeof mdJobsRepo>;
