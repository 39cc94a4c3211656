import type { BucketPermission, PolicyKey } from '../../../contracts/oss';
import type { Db } from '../db/db';
import type { Extent } from '../blobs/extents';
import {
  firstExpiry,
  LISTED_COLUMNS,
  OBJECT_COLUMNS,
  replaceObject,
  visible,
  type ListedObject,
  type ObjectRecord,
} from './oss-objects';
import { ossUploadsRepo } from './oss-uploads';

/** An object's length and the blobs that hold it, in order. */
export interface ObjectContent {
  size: number;
  extents: Extent[];
}

export interface BucketRecord {
  bucketKey: string;
  ownerClientId: string;
  policyKey: PolicyKey;
  region: string;
  permissions: BucketPermission[];
  createdAt: Date;
}

const BUCKET_COLUMNS = `bucket_key AS "bucketKey", owner_client_id AS "ownerClientId", policy_key AS "policyKey", region,
  permissions, created_at AS "createdAt"`;
export function ossRepo(db: Db) {
  return {
    /** Undefined when the key is taken, by this app or any other. */
    async createBucket(bucket: BucketRecord): Promise<BucketRecord | undefined> {
      const [created] = await db.query<BucketRecord>(
        `INSERT INTO oss_buckets (bucket_key, owner_client_id, policy_key, region, permissions, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING ${BUCKET_COLUMNS}`,
        [
          bucket.bucketKey,
          bucket.ownerClientId,
          bucket.policyKey,
          bucket.region,
          JSON.stringify(bucket.permissions),
          bucket.createdAt,
        ],
      );
      return created;
    },
    async findBucket(bucketKey: string): Promise<BucketRecord | undefined> {
      const [bucket] = await db.query<BucketRecord>(`SELECT ${BUCKET_COLUMNS} FROM oss_buckets WHERE bucket_key = $1`, [
        bucketKey,
      ]);
      return bucket;
    },
    /** One page of an app's buckets in a region, after `startAfter`; asks for one more to know if there is a next page. */
    async listBuckets(owner: string, region: string, startAfter: string, limit: number): Promise<BucketRecord[]> {
      return db.query<BucketRecord>(
        `SELECT ${BUCKET_COLUMNS} FROM oss_buckets WHERE owner_client_id = $1 AND region = $2 AND bucket_key > $3
         ORDER BY bucket_key LIMIT $4`,
        [owner, region, startAfter, limit],
      );
    },
    /** Deletes a bucket with its objects and uploads; returns the blobs they used, or undefined if there was no bucket. */
    async deleteBucket(bucketKey: string): Promise<string[] | undefined> {
      return db.transaction(async (tx) => {
        const blobs = await tx.query<{ blobId: string }>(
          `SELECT b.blob_id AS "blobId" FROM oss_object_blobs b JOIN oss_objects o ON o.id = b.object_id WHERE o.bucket_key = $1
           UNION SELECT p.blob_id FROM oss_parts p JOIN oss_uploads u ON u.upload_key = p.upload_key WHERE u.bucket_key = $1`,
          [bucketKey],
        );
        const deleted = await tx.query('DELETE FROM oss_buckets WHERE bucket_key = $1 RETURNING bucket_key', [
          bucketKey,
        ]);
        return deleted.length ? blobs.map((row) => row.blobId) : undefined;
      });
    },

    async findObject(bucketKey: string, objectKey: string, now: Date): Promise<ObjectRecord | undefined> {
      const [object] = await db.query<ObjectRecord>(
        `SELECT ${OBJECT_COLUMNS} FROM oss_objects o WHERE o.bucket_key = $1 AND o.object_key = $2 AND ${visible(3)}`,
        [bucketKey, objectKey, now],
      );
      return object;
    },
    async findObjectById(id: string, now: Date): Promise<ObjectRecord | undefined> {
      const [object] = await db.query<ObjectRecord>(
        `SELECT ${OBJECT_COLUMNS} FROM oss_objects o WHERE o.id = $1 AND ${visible(2)}`,
        [id, now],
      );
      return object;
    },
    async extents(objectId: string): Promise<Extent[]> {
      return db.query<Extent>(
        'SELECT blob_id AS "blobId", size FROM oss_object_blobs WHERE object_id = $1 ORDER BY seq',
        [objectId],
      );
    },
    /** One page of a bucket's objects by key, after `startAfter`, optionally only keys starting with `prefix`. */
    async listObjects(
      bucketKey: string,
      page: { prefix: string; startAfter: string; limit: number },
      now: Date,
    ): Promise<readonly ListedObject[]> {
      const read = () =>
        db.query<ListedObject>(
          `SELECT ${LISTED_COLUMNS} FROM oss_objects o
         WHERE o.bucket_key = $1 AND o.object_key > $2 AND starts_with(o.object_key, $3) AND ${visible(5)}
         ORDER BY o.object_key LIMIT $4`,
          [bucketKey, page.startAfter, page.prefix, page.limit, now],
        );
      return db.remember(JSON.stringify(['oss-objects', bucketKey, page]), now, read, firstExpiry);
    },
    async putObject(object: ObjectRecord, extents: readonly Extent[]): Promise<string[]> {
      return db.transaction((tx) => replaceObject(tx, object, extents));
    },
    /** The blobs the deleted object used, or undefined when there was no such object. */
    async deleteObject(bucketKey: string, objectKey: string, now: Date): Promise<string[] | undefined> {
      return db.transaction(async (tx) => {
        const [object] = await tx.query<{ id: string }>(
          `SELECT o.id FROM oss_objects o WHERE o.bucket_key = $1 AND o.object_key = $2 AND ${visible(3)} FOR UPDATE`,
          [bucketKey, objectKey, now],
        );
        if (!object) return undefined;
        const blobs = await tx.query<{ blobId: string }>(
          'SELECT blob_id AS "blobId" FROM oss_object_blobs WHERE object_id = $1',
          [object.id],
        );
        await tx.query('DELETE FROM oss_objects WHERE id = $1', [object.id]);
        return blobs.map((row) => row.blobId);
      });
    },
    /**
     * A new object sharing the source's blobs. The source row is locked so that a delete running at
     * the same time cannot free those blobs before the copy refers to them.
     */
    async copyObject(
      source: { bucketKey: string; objectKey: string },
      target: Pick<ObjectRecord, 'id' | 'objectKey' | 'createdAt' | 'expiresAt'>,
      now: Date,
    ) {
      return db.transaction(async (tx) => {
        const [from] = await tx.query<ObjectRecord>(
          `SELECT ${OBJECT_COLUMNS} FROM oss_objects o WHERE o.bucket_key = $1 AND o.object_key = $2 AND ${visible(3)} FOR UPDATE`,
          [source.bucketKey, source.objectKey, now],
        );
        if (!from) return undefined;
        const extents = await tx.query<Extent>(
          'SELECT blob_id AS "blobId", size FROM oss_object_blobs WHERE object_id = $1 ORDER BY seq',
          [from.id],
        );
        const object: ObjectRecord = { ...from, ...target, modifiedAt: target.createdAt, accessedAt: null };
        const freed = await replaceObject(tx, object, extents);
        return { object, freed };
      });
    },
    async touchObject(id: string, now: Date): Promise<void> {
      await db.query('UPDATE oss_objects SET accessed_at = $2 WHERE id = $1', [id, now]);
    },
    /** Retention: removes objects past their policy's lifetime and returns the blobs they used. */
    async deleteExpiredObjects(now: Date, limit = 1000): Promise<{ objects: number; blobs: string[] }> {
      return db.transaction(async (tx) => {
        const expired = await tx.query<{ id: string }>(
          'SELECT id FROM oss_objects WHERE expires_at <= $1 LIMIT $2 FOR UPDATE',
          [now, limit],
        );
        const ids = expired.map((row) => row.id);
        if (!ids.length) return { objects: 0, blobs: [] };
        const blobs = await tx.query<{ blobId: string }>(
          'SELECT blob_id AS "blobId" FROM oss_object_blobs WHERE object_id = ANY($1)',
          [ids],
        );
        await tx.query('DELETE FROM oss_objects WHERE id = ANY($1)', [ids]);
        return { objects: ids.length, blobs: blobs.map((row) => row.blobId) };
      });
    },
    ...ossUploadsRepo(db),
  };
}

export type OssRepo = ReturnType<typeof ossRepo>;
