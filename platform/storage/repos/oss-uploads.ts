import type { Db } from '../db/db';
import type { Extent } from '../blobs/extents';
import { replaceObject, type ObjectRecord } from './oss-objects';

export interface UploadRecord {
  uploadKey: string;
  bucketKey: string;
  objectKey: string;
  createdAt: Date;
  expiresAt: Date;
}

/** A stored part; its ETag is its blob id, unique to this upload of this part. */
export interface PartRecord {
  partNumber: number;
  blobId: string;
  size: number;
}

const UPLOAD_COLUMNS = `upload_key AS "uploadKey", bucket_key AS "bucketKey", object_key AS "objectKey", created_at AS "createdAt",
  expires_at AS "expiresAt"`;
const PART_COLUMNS = 'part_number AS "partNumber", blob_id AS "blobId", size';

export type CompleteOutcome = { status: 'done'; freed: string[] } | { status: 'gone' } | { status: 'changed' };

/** Signed multipart uploads: an upload, its parts (each a blob), and what frees blobs. */
export function ossUploadsRepo(db: Db) {
  return {
    async createUpload(upload: UploadRecord): Promise<void> {
      await db.query(
        'INSERT INTO oss_uploads (upload_key, bucket_key, object_key, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
        [upload.uploadKey, upload.bucketKey, upload.objectKey, upload.createdAt, upload.expiresAt],
      );
    },
    async findUpload(uploadKey: string, now: Date): Promise<UploadRecord | undefined> {
      const [upload] = await db.query<UploadRecord>(
        `SELECT ${UPLOAD_COLUMNS} FROM oss_uploads WHERE upload_key = $1 AND expires_at > $2`,
        [uploadKey, now],
      );
      return upload;
    },
    async listParts(uploadKey: string): Promise<PartRecord[]> {
      return db.query<PartRecord>(`SELECT ${PART_COLUMNS} FROM oss_parts WHERE upload_key = $1 ORDER BY part_number`, [
        uploadKey,
      ]);
    },
    /**
     * Records a part, replacing an earlier upload of the same number. Returns the blobs that are no
     * longer needed: the replaced part's, or the new one when the upload is gone or expired meanwhile.
     */
    async putPart(
      uploadKey: string,
      partNumber: number,
      blob: { id: string; size: number },
      now: Date,
    ): Promise<{ stored: boolean; freed: string[] }> {
      return db.transaction(async (tx) => {
        const [upload] = await tx.query(
          'SELECT 1 FROM oss_uploads WHERE upload_key = $1 AND expires_at > $2 FOR UPDATE',
          [uploadKey, now],
        );
        if (!upload) return { stored: false, freed: [blob.id] };
        const old = await tx.query<{ blobId: string }>(
          'DELETE FROM oss_parts WHERE upload_key = $1 AND part_number = $2 RETURNING blob_id AS "blobId"',
          [uploadKey, partNumber],
        );
        await tx.query(
          'INSERT INTO oss_parts (upload_key, part_number, blob_id, size, created_at) VALUES ($1, $2, $3, $4, $5)',
          [uploadKey, partNumber, blob.id, blob.size, now],
        );
        return { stored: true, freed: old.map((row) => row.blobId) };
      });
    },
    /**
     * Turns an upload into its object in one transaction, provided its parts are still exactly the
     * blobs that were checked and hashed (a part re-sent meanwhile answers `changed`).
     */
    async completeUpload(
      uploadKey: string,
      checked: readonly Extent[],
      object: ObjectRecord,
      now: Date,
    ): Promise<CompleteOutcome> {
      return db.transaction(async (tx) => {
        const [upload] = await tx.query(
          'SELECT 1 FROM oss_uploads WHERE upload_key = $1 AND expires_at > $2 FOR UPDATE',
          [uploadKey, now],
        );
        if (!upload) return { status: 'gone' };
        const parts = await tx.query<PartRecord>(
          `SELECT ${PART_COLUMNS} FROM oss_parts WHERE upload_key = $1 ORDER BY part_number`,
          [uploadKey],
        );
        const same =
          parts.length === checked.length && parts.every((part, index) => part.blobId === checked[index]!.blobId);
        if (!same) return { status: 'changed' };
        const freed = await replaceObject(tx, object, checked);
        await tx.query('DELETE FROM oss_uploads WHERE upload_key = $1', [uploadKey]);
        return { status: 'done', freed };
      });
    },
    /** Uploads never completed in time: removed with their parts; returns the parts' blobs. */
    async deleteExpiredUploads(now: Date, limit = 1000): Promise<{ uploads: number; blobs: string[] }> {
      return db.transaction(async (tx) => {
        const expired = await tx.query<{ uploadKey: string }>(
          'SELECT upload_key AS "uploadKey" FROM oss_uploads WHERE expires_at <= $1 LIMIT $2 FOR UPDATE',
          [now, limit],
        );
        const keys = expired.map((row) => row.uploadKey);
        if (!keys.length) return { uploads: 0, blobs: [] };
        const blobs = await tx.query<{ blobId: string }>(
          'SELECT blob_id AS "blobId" FROM oss_parts WHERE upload_key = ANY($1)',
          [keys],
        );
        await tx.query('DELETE FROM oss_uploads WHERE upload_key = ANY($1)', [keys]);
        return { uploads: keys.length, blobs: blobs.map((row) => row.blobId) };
      });
    },
    /** Of `blobIds`, those that no object and no part refers to: safe to delete. */
    async unreferencedBlobs(blobIds: readonly string[]): Promise<string[]> {
      if (!blobIds.length) return [];
      const ids = [...new Set(blobIds)];
      // Model Derivative's files and Design Automation's zips and reports live in the same blob store.
      const used = await db.query<{ blobId: string }>(
        `SELECT blob_id AS "blobId" FROM oss_object_blobs WHERE blob_id = ANY($1)
         UNION SELECT blob_id FROM oss_parts WHERE blob_id = ANY($1)
         UNION SELECT blob_id FROM md_files WHERE blob_id = ANY($1)
         UNION SELECT blob_id FROM da_versions WHERE blob_id = ANY($1)
         UNION SELECT report_blob_id FROM da_workitems WHERE report_blob_id = ANY($1)
         UNION SELECT debug_blob_id FROM da_workitems WHERE debug_blob_id = ANY($1)`,
        [ids],
      );
      const referenced = new Set(used.map((row) => row.blobId));
      return ids.filter((id) => !referenced.has(id));
    },
    /** A secret kept in the database, made on first use, so what it signs stays valid across restarts. */
    async secret(name: string, make: () => string): Promise<string> {
      await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        name,
        JSON.stringify(make()),
      ]);
      const [row] = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [name]);
      return row!.value;
    },
  };
}
