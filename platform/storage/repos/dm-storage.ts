import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db';

/** The app that owns the platform's own buckets (project files). No one can sign in as it. */
export const PLATFORM_CLIENT_ID = 'ddm-platform';

export interface StorageRecord {
  objectId: string;
  projectId: string;
  bucketKey: string;
  objectKey: string;
  createdBy: string;
  createdAt: Date;
}

/** Each project's files live in a bucket of its own, named from the project id within the bucket rules. */
export const projectBucketKey = (projectId: string): string =>
  `wip-dm-${createHash('sha1').update(projectId).digest('hex').slice(0, 24)}`;

const COLUMNS = `object_id AS "objectId", project_id AS "projectId", bucket_key AS "bucketKey", object_key AS "objectKey",
  created_by AS "createdBy", created_at AS "createdAt"`;

export function dmStorageRepo(db: Queryable) {
  return {
    /** The project's bucket, made on first use. */
    async ensureProjectBucket(projectId: string, at: Date): Promise<string> {
      const bucketKey = projectBucketKey(projectId);
      await db.query(
        `INSERT INTO oss_buckets (bucket_key, owner_client_id, policy_key, region, permissions, created_at)
         VALUES ($1, $2, 'persistent', 'US', '[]', $3) ON CONFLICT DO NOTHING`,
        [bucketKey, PLATFORM_CLIENT_ID, at],
      );
      await db.query('INSERT INTO dm_project_buckets (project_id, bucket_key) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        projectId,
        bucketKey,
      ]);
      return bucketKey;
    },
    async projectOfBucket(bucketKey: string): Promise<string | undefined> {
      const [row] = await db.query<{ projectId: string }>(
        'SELECT project_id AS "projectId" FROM dm_project_buckets WHERE bucket_key = $1',
        [bucketKey],
      );
      return row?.projectId;
    },
    async reserve(record: StorageRecord): Promise<void> {
      await db.query(
        `INSERT INTO dm_storage (object_id, project_id, bucket_key, object_key, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [record.objectId, record.projectId, record.bucketKey, record.objectKey, record.createdBy, record.createdAt],
      );
    },
    async find(objectId: string): Promise<StorageRecord | undefined> {
      const [row] = await db.query<StorageRecord>(`SELECT ${COLUMNS} FROM dm_storage WHERE object_id = $1`, [objectId]);
      return row;
    },
  };
}

export type DmStorageRepo = ReturnType<typeof dmStorageRepo>;
