import type { FinalWorkItemStatus, WorkItemStats, WorkItemStatusValue } from '../../../contracts/design-automation';
import type { Db } from '../db/db';
import { LIVE } from './job-leases';

/** A workitem as kept: `spec` is what its runs need, opaque to storage. */
export interface DaWorkitemRecord {
  id: string;
  clientId: string;
  owner: string;
  activityId: string;
  status: WorkItemStatusValue;
  /** How many times a run started (a restart runs it again from the start). */
  attempts: number;
  spec: unknown;
  stats: WorkItemStats;
  reportBlobId: string | null;
  reportSize: number | null;
  debugBlobId: string | null;
  debugSize: number | null;
  createdAt: Date;
  finishedAt: Date | null;
}

const COLUMNS = `id, client_id AS "clientId", owner, activity_id AS "activityId", status, attempts, spec, stats,
  report_blob_id AS "reportBlobId", report_size::float8 AS "reportSize", debug_blob_id AS "debugBlobId", debug_size::float8 AS "debugSize", created_at AS "createdAt", finished_at AS "finishedAt"`;

export interface WorkitemEnd {
  status: FinalWorkItemStatus;
  stats: WorkItemStats;
  report: { id: string; size: number } | null;
  debug: { id: string; size: number } | null;
  at: Date;
}

/** Workitems: the persisted state machine pending → inprogress → success | failed… | cancelled. */
export function daWorkitemsRepo(db: Db) {
  return {
    async insert(
      items: readonly Pick<
        DaWorkitemRecord,
        'id' | 'clientId' | 'owner' | 'activityId' | 'spec' | 'stats' | 'createdAt'
      >[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        for (const item of items) {
          await tx.query(
            `INSERT INTO da_workitems (id, client_id, owner, activity_id, status, spec, stats, created_at) VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7)`,
            [
              item.id,
              item.clientId,
              item.owner,
              item.activityId,
              JSON.stringify(item.spec),
              JSON.stringify(item.stats),
              item.createdAt,
            ],
          );
        }
      });
    },
    async find(id: string): Promise<DaWorkitemRecord | undefined> {
      const [row] = await db.query<DaWorkitemRecord>(`SELECT ${COLUMNS} FROM da_workitems WHERE id = $1`, [id]);
      return row;
    },
    async findMany(ids: readonly string[]): Promise<DaWorkitemRecord[]> {
      return ids.length
        ? db.query<DaWorkitemRecord>(`SELECT ${COLUMNS} FROM da_workitems WHERE id = ANY($1)`, [[...ids]])
        : [];
    },
    /** Every workitem a stop left behind, oldest first. */
    async allLive(): Promise<DaWorkitemRecord[]> {
      return db.query<DaWorkitemRecord>(`SELECT ${COLUMNS} FROM da_workitems WHERE ${LIVE} ORDER BY created_at`);
    },
    /** pending|inprogress → inprogress with one more attempt; undefined when it has ended meanwhile. */
    async start(id: string, stats: WorkItemStats): Promise<DaWorkitemRecord | undefined> {
      const [row] = await db.query<DaWorkitemRecord>(
        `UPDATE da_workitems SET status = 'inprogress', attempts = attempts + 1, stats = $2 WHERE id = $1 AND ${LIVE} RETURNING ${COLUMNS}`,
        [id, JSON.stringify(stats)],
      );
      return row;
    },
    async setStats(id: string, stats: WorkItemStats): Promise<void> {
      await db.query(`UPDATE da_workitems SET stats = $2 WHERE id = $1 AND ${LIVE}`, [id, JSON.stringify(stats)]);
    },
    /** Ends a live workitem; false when it had already ended (its report and debug blobs are then the caller's to free). */
    async finish(id: string, end: WorkitemEnd): Promise<boolean> {
      const rows = await db.query(
        `UPDATE da_workitems SET status = $2, stats = $3, report_blob_id = $4, report_size = $5, debug_blob_id = $6, debug_size = $7, finished_at = $8
         WHERE id = $1 AND ${LIVE} RETURNING id`,
        [
          id,
          end.status,
          JSON.stringify(end.stats),
          end.report?.id ?? null,
          end.report?.size ?? null,
          end.debug?.id ?? null,
          end.debug?.size ?? null,
          end.at,
        ],
      );
      return rows.length > 0;
    },
    /** Retention: workitems that ended before `cutoff`, at most `limit`; returns their blobs to free. */
    async deleteFinishedBefore(cutoff: Date, limit: number): Promise<{ count: number; blobs: string[] }> {
      const rows = await db.query<{ reportBlobId: string | null; debugBlobId: string | null }>(
        `DELETE FROM da_workitems WHERE id IN (SELECT id FROM da_workitems WHERE finished_at < $1 ORDER BY finished_at LIMIT $2)
         RETURNING report_blob_id AS "reportBlobId", debug_blob_id AS "debugBlobId"`,
        [cutoff, limit],
      );
      const blobs = rows
        .flatMap((row) => [row.reportBlobId, row.debugBlobId])
        .filter((id): id is string => id !== null);
      return { count: rows.length, blobs };
    },
  };
}

export type DaWorkitemsRepo = ReturnType<typeof daWorkitemsRepo>;
