import type { JobOutputFormat } from '../../../contracts/model-derivative';
import type { Db, Queryable } from '../db/db';
import { LIVE } from './job-leases';
import type { ManifestRecord } from './md-records';
import { visible } from './oss-objects';

/** What `POST …/job` asks of the database: a job for `formats` of the manifest's source object. */
export interface JobRequest {
  id: string;
  manifest: Omit<ManifestRecord, 'updatedAt'>;
  clientId: string;
  formats: readonly JobOutputFormat[];
  /** `x-ads-force`: every format again, replacing a running job and the manifest's other derivatives. */
  force: boolean;
  /** Live jobs an app may have; a forced job does not count the one it replaces. */
  maxLive: number;
  /** `misc.workflow` and `misc.workflowAttribute`: whom the job's Webhooks events are for (md-job-events.ts). */
  workflow?: { id: string; attribute: Record<string, unknown> | null } | undefined;
}

export type JobRequestOutcome =
  | { outcome: 'missing' }
  | { outcome: 'running' }
  | { outcome: 'done' }
  | { outcome: 'limit' }
  /** `replaced`: the live job a forced one took the place of; `freed`: the blobs of the derivatives it replaced. */
  | { outcome: 'created'; replaced: string[]; freed: string[] };

/**
 * One statement (a small job's POST was seven round trips and a transaction): the source object must
 * be visible, no job may run on the manifest unless forced, the formats not yet translated (all of
 * them when forced) become a pending job within the app's limit. The derivatives of those formats are
 * reset in place (one per format and manifest) and their files dropped; a forced job drops the
 * manifest's other derivatives and jobs too. Every change waits on the verdict, all read from the
 * statement's one snapshot, so no part depends on the order PostgreSQL runs them in.
 *
 * Forced or not is written into the text, not bound: with it bound, PostgreSQL planned the statement
 * anew at every call (a plan for one value was cheaper than one for both): half of a POST's time
 * (docs/decisions/0008-prepared-statements-and-one-statement-post.md).
 */
function createSql(force: boolean): string {
  const when = (forced: string, other: string) => (force ? forced : other);
  return `
WITH todo AS (
  SELECT f.format, f.format->>'type' AS type, f.n FROM jsonb_array_elements($11::jsonb) WITH ORDINALITY AS f(format, n)
  ${when('', `WHERE NOT EXISTS (SELECT 1 FROM md_derivatives d WHERE d.urn = $1 AND d.output_type = f.format->>'type' AND d.status = 'success')`)}),
verdict AS (
  SELECT CASE
    WHEN NOT EXISTS (SELECT 1 FROM oss_objects o WHERE o.bucket_key = $3 AND o.object_key = $4 AND ${visible(8)}) THEN 'missing'
    ${when('', `WHEN EXISTS (SELECT 1 FROM md_jobs WHERE urn = $1 AND ${LIVE}) THEN 'running'`)}
    WHEN NOT EXISTS (SELECT 1 FROM todo) THEN 'done'
    WHEN (SELECT count(*) FROM md_jobs WHERE client_id = $9 AND ${LIVE} ${when('AND urn <> $1', '')}) >= $12 THEN 'limit'
    ELSE 'created' END AS outcome),
go AS (SELECT FROM verdict WHERE outcome = 'created'),
replaced AS (DELETE FROM md_jobs WHERE ${when('urn = $1', 'false')} AND EXISTS (SELECT FROM go) RETURNING id, status),
freed AS (
  SELECT f.blob_id FROM md_files f JOIN md_derivatives d ON d.id = f.derivative_id
  WHERE d.urn = $1 ${when('', 'AND d.output_type IN (SELECT type FROM todo)')} AND EXISTS (SELECT FROM go)),
dropped AS (DELETE FROM md_derivatives WHERE ${when('urn = $1', 'false')} AND output_type NOT IN (SELECT type FROM todo) AND EXISTS (SELECT FROM go)),
cleared AS (
  DELETE FROM md_files WHERE derivative_id IN (SELECT id FROM md_derivatives WHERE urn = $1 AND output_type IN (SELECT type FROM todo))
  AND EXISTS (SELECT FROM go)),
manifest AS (
  INSERT INTO md_manifests (urn, source_urn, bucket_key, object_key, file_name, root_filename, region, created_at, updated_at)
  SELECT $1, $2, $3, $4, $5, $6, $7, $8, $8 FROM go
  ON CONFLICT (urn) DO UPDATE SET file_name = $5, root_filename = $6, updated_at = $8 ${when(', created_at = $8', '')}),
job AS (
  INSERT INTO md_jobs (id, urn, client_id, status, outputs, created_at, workflow, workflow_attribute)
  SELECT $10, $1, $9, 'pending', (SELECT jsonb_agg(format ORDER BY n) FROM todo), $8, $13::text, $14::jsonb FROM go),
derivatives AS (
  INSERT INTO md_derivatives (id, urn, job_id, output_type, status, created_at)
  SELECT $10 || ':' || type, $1, $10, type, 'pending', $8 FROM todo, go
  ON CONFLICT (urn, output_type) DO UPDATE SET job_id = $10, status = 'pending', messages = '[]', created_at = $8)
SELECT outcome,
  COALESCE((SELECT json_agg(id) FROM replaced WHERE ${LIVE}), '[]') AS replaced,
  COALESCE((SELECT json_agg(blob_id) FROM freed), '[]') AS freed
FROM verdict`;
}
const CREATE = { forced: createSql(true), other: createSql(false) };

async function run(q: Queryable, request: JobRequest): Promise<JobRequestOutcome> {
  const { manifest: m } = request;
  const [row] = await q.query<{ outcome: JobRequestOutcome['outcome']; replaced: string[]; freed: string[] }>(
    request.force ? CREATE.forced : CREATE.other,
    [
      m.urn,
      m.sourceUrn,
      m.bucketKey,
      m.objectKey,
      m.fileName,
      m.rootFilename,
      m.region,
      m.createdAt,
      request.clientId,
      request.id,
      JSON.stringify(request.formats),
      request.maxLive,
      request.workflow?.id ?? null,
      request.workflow?.attribute ? JSON.stringify(request.workflow.attribute) : null,
    ],
  );
  if (!row) throw new Error('The job statement answered no row.');
  return row.outcome === 'created'
    ? { outcome: 'created', replaced: row.replaced, freed: row.freed }
    : { outcome: row.outcome };
}

/**
 * Records a translation job, or says why not. On a server, where POSTs of other instances run at
 * once, the app's jobs are counted under a lock; the embedded database runs one statement at a time.
 */
export function createJob(db: Db, request: JobRequest): Promise<JobRequestOutcome> {
  if (db.kind === 'pglite') return run(db, request);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`md-jobs:${request.clientId}`]);
    return run(tx, request);
  });
}
