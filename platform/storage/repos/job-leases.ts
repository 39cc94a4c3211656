import type { Db } from '../db/db';

/** The job tables that carry a lease (migration 012): translation jobs and Design Automation workitems. */
export type LeasedTable = 'md_jobs' | 'da_workitems';

export interface Lease {
  /** Who holds it: a process's own random id. */
  holder: string;
  /** How long a claim or a renewal holds before another worker may take the job. */
  seconds: number;
}

/** A job or workitem not yet ended: the condition of the tables' partial indexes, word for word. */
export const LIVE = `status IN ('pending', 'inprogress')`;

/**
 * Leases on live jobs, in the job tables themselves: a worker claims a job with
 * `SELECT … FOR UPDATE SKIP LOCKED` (two workers never claim one job, and neither waits for the
 * other), renews while it runs and releases it when it stops. A job whose holder died is claimable
 * again once its lease lapses; an ended job needs no lease.
 */
/** When a lease taken or renewed at `now` lapses. */
export const leaseUntil = (lease: Lease, now: Date) => new Date(now.getTime() + lease.seconds * 1000);
/** Nobody holds the job: no lease, or one that lapsed before the time in parameter `$n`. */
export const leaseFree = (param: number) => `(lease_expires_at IS NULL OR lease_expires_at < $${param})`;

export function jobLeasesRepo(db: Db, table: LeasedTable) {
  const free = leaseFree(3);
  return {
    /** The oldest live job nobody holds, now held by `lease`; undefined when there is none. */
    async claimNext(lease: Lease, now: Date): Promise<string | undefined> {
      const [row] = await db.query<{ id: string }>(
        `UPDATE ${table} SET lease_holder = $1, lease_expires_at = $2 WHERE id = (
           SELECT id FROM ${table} WHERE ${LIVE} AND ${free} ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING id`,
        [lease.holder, leaseUntil(lease, now), now],
      );
      return row?.id;
    },
    /** One given job, if it is live and nobody else holds it (or `steal`: a single platform restarting takes back its own). */
    async claim(id: string, lease: Lease, now: Date, steal = false): Promise<boolean> {
      const rows = await db.query(
        `UPDATE ${table} SET lease_holder = $1, lease_expires_at = $2
         WHERE id = $4 AND ${LIVE} AND (${free} OR lease_holder = $1 OR $5) RETURNING id`,
        [lease.holder, leaseUntil(lease, now), now, id, steal],
      );
      return rows.length > 0;
    },
    /** Extends a held lease; false when the job ended, went, or was taken over after the lease lapsed. */
    async renew(id: string, lease: Lease, now: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE ${table} SET lease_expires_at = $2 WHERE id = $3 AND lease_holder = $1 AND ${LIVE} RETURNING id`,
        [lease.holder, leaseUntil(lease, now), id],
      );
      return rows.length > 0;
    },
    /** Hands a job back at once (a stop), so the next worker need not wait for the lease to lapse. */
    async release(id: string, lease: Lease): Promise<void> {
      await db.query(
        `UPDATE ${table} SET lease_holder = NULL, lease_expires_at = NULL WHERE id = $2 AND lease_holder = $1`,
        [lease.holder, id],
      );
    },
  };
}

export type JobLeasesRepo = ReturnType<typeof jobLeasesRepo>;
