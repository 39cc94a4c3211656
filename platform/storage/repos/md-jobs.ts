import type { JobOutputFormat, TranslationStatus } from '../../../contracts/model-derivative';
import type { Db, Queryable } from '../db/db';
import { leaseFree, leaseUntil, type Lease } from './job-leases';
import { MANIFEST_COLUMNS, type ManifestRecord } from './md-manifests';

export interface JobRecord {
  id: string;
  urn: string;
  clientId: string;
  status: TranslationStatus;
  /** Percent, 0–100. */
  progress: number;
  /** How many times the job has been started (a restart re-runs it from scratch). */
  attempts: number;
  outputs: JobOutputFormat[];
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** How a runner starts a job: as whom, when, taking it from a lapsed or (`steal`) any holder. */
export interface JobStart {
  lease: Lease;
  at: Date;
  steal: boolean;
  maxAttempts: number;
}

/** A started job with the manifest it translates. */
export interface StartedJob {
  job: JobRecord;
  manifest: ManifestRecord;
}

export const JOB_COLUMNS = `id, urn, client_id AS "clientId", status, progress, attempts, outputs, created_at AS "createdAt",
  started_at AS "startedAt", finished_at AS "finishedAt"`;
const LIVE = `status IN ('pending', 'inprogress')`;

/** Translation jobs: the persisted state machine pending → inprogress → success | failed | timeout. */
export function mdJobsRepo(db: Db) {
  return {
    async insert(tx: Queryable, job: Pick<JobRecord, 'id' | 'urn' | 'clientId' | 'outputs' | 'createdAt'>): Promise<void> {
      await tx.query(
        `INSERT INTO md_jobs (id, urn, client_id, status, outputs, created_at) VALUES ($1, $2, $3, 'pending', $4, $5)`,
        [job.id, job.urn, job.clientId, JSON.stringify(job.outputs), job.createdAt]);
    },
    async find(id: string): Promise<JobRecord | undefined> {
      const [job] = await db.query<JobRecord>(`SELECT ${JOB_COLUMNS} FROM md_jobs WHERE id = $1`, [id]);
      return job;
    },
    /**
     * Pending and running jobs of one app, counted under a lock so two POSTs at once cannot both pass
     * the limit. The embedded database runs one transaction at a time, which is lock enough.
     */
    async countLive(tx: Queryable, clientId: string): Promise<number> {
      if (db.kind !== 'pglite') await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`md-jobs:${clientId}`]);
      const [row] = await tx.query<{ n: number }>(`SELECT count(*)::integer AS n FROM md_jobs WHERE client_id = $1 AND ${LIVE}`, [clientId]);
      return row?.n ?? 0;
    },
    async liveOf(urn: string): Promise<JobRecord | undefined> {
      const [job] = await db.query<JobRecord>(`SELECT ${JOB_COLUMNS} FROM md_jobs WHERE urn = $1 AND ${LIVE} ORDER BY created_at DESC LIMIT 1`, [urn]);
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
     */
    async start(id: string, run: JobStart): Promise<StartedJob | undefined> {
      const [row] = await db.query<JobRecord & { manifest: ManifestRecord }>(
        `WITH started AS (
           UPDATE md_jobs SET status = 'inprogress', progress = 0, attempts = attempts + 1, started_at = $2,
             lease_holder = $3, lease_expires_at = $4
           WHERE id = $1 AND ${LIVE} AND (${leaseFree(2)} OR lease_holder = $3 OR $5)
             AND NOT (status = 'inprogress' AND attempts >= $6)
           RETURNING *),
         derivatives AS (UPDATE md_derivatives SET status = 'inprogress' WHERE job_id IN (SELECT id FROM started) AND status = 'pending')
         SELECT ${JOB_COLUMNS}, (SELECT row_to_json(m) FROM (SELECT ${MANIFEST_COLUMNS} FROM md_manifests WHERE urn = started.urn) m) AS manifest
         FROM started`,
        [id, run.at, run.lease.holder, leaseUntil(run.lease, run.at), run.steal, run.maxAttempts]);
      if (!row?.manifest) return undefined;
      const { manifest, ...job } = row;
      return { job, manifest: { ...manifest, createdAt: new Date(manifest.createdAt), updatedAt: new Date(manifest.updatedAt) } };
    },
    async setProgress(id: string, percent: number): Promise<void> {
      await db.query(`UPDATE md_jobs SET progress = $2 WHERE id = $1 AND status = 'inprogress'`, [id, percent]);
    },
    /** Ends a running job; its derivatives not yet decided end the same way, with `messages`. */
    async finish(tx: Queryable, id: string, status: Exclude<TranslationStatus, 'pending' | 'inprogress'>, at: Date, messages: readonly object[] = []): Promise<boolean> {
      const ended = await tx.query(
        `WITH ended AS (UPDATE md_jobs SET status = $2, progress = 100, finished_at = $3 WHERE id = $1 AND ${LIVE} RETURNING id),
         derivatives AS (UPDATE md_derivatives SET status = $2, messages = messages || $4::jsonb WHERE job_id = $1 AND status IN ('pending', 'inprogress'))
         SELECT id FROM ended`, [id, status, at, JSON.stringify(messages)]);
      return ended.length > 0;
    },
  };
}

export type MdJobsRepo = ReturnType<typeof mdJobsRepo>;
