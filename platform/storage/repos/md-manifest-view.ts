import type { Queryable } from '../db/db';
import { LIVE } from './job-leases';
import {
  DERIVATIVE_COLUMNS,
  FILE_COLUMNS,
  JOB_COLUMNS,
  MANIFEST_COLUMNS,
  type DerivativeRecord,
  type FileRecord,
  type JobRecord,
  type ManifestRecord,
  type ManifestView,
} from './md-records';

type Row = ManifestRecord & {
  derivatives: Json<DerivativeRecord>[];
  files: Json<FileRecord>[];
  job: Json<JobRecord> | null;
};
/** A record as json_agg gives it: its times are ISO strings. */
type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

const at = (text: string) => new Date(text);
const atOrNull = (text: string | null) => (text === null ? null : new Date(text));

/**
 * One statement for what a poll asks every few seconds: the embedded database answers one query at
 * a time, so the four a poll used to send queued behind each other (and behind the jobs' writes).
 */
export async function readManifestView(db: Queryable, urn: string): Promise<ManifestView | undefined> {
  const [row] = await db.query<Row>(
    `SELECT ${MANIFEST_COLUMNS},
       COALESCE((SELECT json_agg(x ORDER BY x."createdAt", x."outputType") FROM (SELECT ${DERIVATIVE_COLUMNS} FROM md_derivatives d WHERE d.urn = m.urn) x), '[]') AS derivatives,
       COALESCE((SELECT json_agg(y ORDER BY y.path) FROM (SELECT ${FILE_COLUMNS} FROM md_files f JOIN md_derivatives d ON d.id = f.derivative_id WHERE d.urn = m.urn) y), '[]') AS files,
       (SELECT row_to_json(j) FROM (SELECT ${JOB_COLUMNS} FROM md_jobs WHERE urn = m.urn AND ${LIVE} ORDER BY created_at DESC LIMIT 1) j) AS job
     FROM md_manifests m WHERE m.urn = $1`,
    [urn],
  );
  if (!row) return undefined;
  const { derivatives, files, job, ...manifest } = row;
  return {
    manifest,
    derivatives: derivatives.map((derivative) => ({ ...derivative, createdAt: at(derivative.createdAt) })),
    files: files.map((file) => ({ ...file, createdAt: at(file.createdAt) })),
    job: job
      ? {
          ...job,
          createdAt: at(job.createdAt),
          startedAt: atOrNull(job.startedAt),
          finishedAt: atOrNull(job.finishedAt),
        }
      : undefined,
  };
}
