import type { ManifestMessage, OutputType } from '../../../contracts/model-derivative';
import type { Db, Queryable } from '../db/db';
import { readManifestView } from './md-manifest-view';
import {
  DERIVATIVE_COLUMNS,
  FILE_COLUMNS,
  MANIFEST_COLUMNS,
  type DerivativeRecord,
  type FileRecord,
  type ManifestRecord,
} from './md-records';

/** New pending derivatives of `outputs` for `jobId`. */
async function addDerivatives(
  tx: Queryable,
  urn: string,
  jobId: string,
  outputs: readonly OutputType[],
  at: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO md_derivatives (id, urn, job_id, output_type, status, created_at)
     SELECT $2 || ':' || t.type, $1, $2, t.type, 'pending', $4 FROM unnest($3::text[]) AS t(type)`,
    [urn, jobId, outputs as string[], at],
  );
}

/** Manifests, their derivatives and the files (blobs) of each. */
export function mdManifestsRepo(db: Db) {
  return {
    /** The manifest with its derivatives, files and live job, in one statement (what a poll reads). */
    view: (urn: string) => readManifestView(db, urn),
    async find(urn: string): Promise<ManifestRecord | undefined> {
      const [manifest] = await db.query<ManifestRecord>(`SELECT ${MANIFEST_COLUMNS} FROM md_manifests WHERE urn = $1`, [
        urn,
      ]);
      return manifest;
    },
    /** Creates the manifest, or points an existing one at the (same) source again. */
    async upsert(tx: Queryable, manifest: Omit<ManifestRecord, 'updatedAt'>): Promise<void> {
      await tx.query(
        `INSERT INTO md_manifests (urn, source_urn, bucket_key, object_key, file_name, root_filename, region, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
         ON CONFLICT (urn) DO UPDATE SET file_name = $5, root_filename = $6, updated_at = $8`,
        [
          manifest.urn,
          manifest.sourceUrn,
          manifest.bucketKey,
          manifest.objectKey,
          manifest.fileName,
          manifest.rootFilename,
          manifest.region,
          manifest.createdAt,
        ],
      );
    },
    /** Deletes a manifest with everything under it; returns the blobs its files used (undefined: there was none). */
    async delete(tx: Queryable, urn: string): Promise<string[] | undefined> {
      // The files are read in the statement that deletes them (its snapshot is from before): one round trip.
      const [row] = await tx.query<{ deleted: boolean; blobs: string[] }>(
        `WITH gone AS (DELETE FROM md_manifests WHERE urn = $1 RETURNING urn)
         SELECT EXISTS (SELECT 1 FROM gone) AS deleted,
           COALESCE((SELECT json_agg(f.blob_id) FROM md_files f JOIN md_derivatives d ON d.id = f.derivative_id WHERE d.urn = $1), '[]') AS blobs`,
        [urn],
      );
      return row?.deleted ? row.blobs : undefined;
    },
    async derivatives(urn: string): Promise<DerivativeRecord[]> {
      return db.query<DerivativeRecord>(
        `SELECT ${DERIVATIVE_COLUMNS} FROM md_derivatives d WHERE d.urn = $1 ORDER BY d.created_at, d.output_type`,
        [urn],
      );
    },
    async files(urn: string): Promise<FileRecord[]> {
      return db.query<FileRecord>(
        `SELECT ${FILE_COLUMNS} FROM md_files f JOIN md_derivatives d ON d.id = f.derivative_id WHERE d.urn = $1 ORDER BY f.path`,
        [urn],
      );
    },
    /** New pending derivatives of `outputs` for `jobId`, on a manifest that has none of them. */
    addDerivatives,
    /** Records what one derivative of a running job produced; false when the job's derivative is gone (manifest deleted). */
    async completeDerivative(
      tx: Queryable,
      jobId: string,
      outputType: OutputType,
      status: 'success' | 'failed',
      messages: readonly ManifestMessage[],
      files: readonly Omit<FileRecord, 'derivativeId'>[],
    ): Promise<boolean> {
      // One statement for the derivative and all its files: a small job's end is mostly round trips.
      const [derivative] = await tx.query<{ id: string }>(
        `WITH derivative AS (UPDATE md_derivatives SET status = $3, messages = $4 WHERE job_id = $1 AND output_type = $2 RETURNING id),
         files AS (
           INSERT INTO md_files (derivative_id, path, blob_id, role, mime, size, sha1, view_guid, view_name, view_role, resolution, created_at)
           SELECT derivative.id, f.path, f."blobId", f.role, f.mime, f.size, f.sha1, f."viewGuid", f."viewName", f."viewRole", f.resolution, f."createdAt"
           FROM derivative, jsonb_to_recordset($5::jsonb) AS f(path text, "blobId" text, role text, mime text, size bigint, sha1 text,
             "viewGuid" text, "viewName" text, "viewRole" text, resolution integer, "createdAt" timestamptz))
         SELECT id FROM derivative`,
        [jobId, outputType, status, JSON.stringify(messages), JSON.stringify(files)],
      );
      return derivative !== undefined;
    },
    /** A Data Management version's storage object URN, for a job whose input is a version id. */
    async versionStorage(versionId: string): Promise<string | undefined> {
      const [row] = await db.query<{ storageUrn: string | null }>(
        'SELECT storage_urn AS "storageUrn" FROM dm_versions WHERE id = $1',
        [versionId],
      );
      return row?.storageUrn ?? undefined;
    },
    /** The name of the Data Management version stored in an object, if one is: its key is generated. */
    async versionName(storageUrn: string): Promise<string | undefined> {
      const [row] = await db.query<{ name: string }>(
        'SELECT name FROM dm_versions WHERE storage_urn = $1 ORDER BY version_number DESC LIMIT 1',
        [storageUrn],
      );
      return row?.name;
    },
  };
}

export type MdManifestsRepo = ReturnType<typeof mdManifestsRepo>;
