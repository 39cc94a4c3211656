import type { JobOutputFormat, TranslationStatus } from '../../../contracts/model-derivative';
import type { Db, Queryable } from '../db/db';

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
    /** Pending and running jobs of one app, counted under a lock so two POSTs at once cannot both pass the limit. */
    async countLive(tx: Queryable, clientId: string): Promise<number> {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`md-jobs:${clientId}`]);
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
    /** pending|inprogress → inprogress with one more attempt; false when the job is gone or already ended. */
    async start(id: string, at: Date): Promise<JobRecord | undefined> {
      return db.transaction(async (tx) => {
        const [job] = await tx.query<JobRecord>(
          `UPDATE md_jobs SET status = 'inprogress', progress = 0, attempts = attempts + 1, started_at = $2
           WHERE id = $1 AND ${LIVE} RETURNING ${JOB_COLUMNS}`, [id, at]);
        if (job) await tx.query(`UPDATE md_derivatives SET status = 'inprogress' WHERE job_id = $1 AND status = 'pending'`, [id]);
        return job;
      });
    },
    async setProgress(id: string, percent: number): Promise<void> {
      await db.query(`UPDATE md_jobs SET progress = $2 WHERE id = $1 AND status = 'inprogress'`, [id, percent]);
    },
    /** Ends a running job; its derivatives not yet decided end the same way, with `messages`. */
    async finish(tx: Queryable, id: string, status: Exclude<TranslationStatus, 'pending' | 'inprogress'>, at: Date, messages: readonly object[] = []): Promise<boolean> {
      const ended = await tx.query(
        `UPDATE md_jobs SET status = $2, progress = 100, finished_at = $3 WHERE id = $1 AND ${LIVE} RETURNING id`, [id, status, at]);
      await tx.query(
        `UPDATE md_derivatives SET status = $2, messages = messages || $3::jsonb WHERE job_id = $1 AND status IN ('pending', 'inprogress')`,
        [id, status, JSON.stringify(messages)]);
      return ended.length > 0;
    },
  };
}

export type MdJobsRepo = ReturnType<typeof mdJobsRepo>;
