import type { Db } from '../db/db';

export type SignedResourceAccess = 'read' | 'write' | 'readwrite';

/** An OSS signed resource: what its URL may do to which object, until when, and whether it was spent. */
export interface SignedResourceRecord {
  id: string;
  bucketKey: string;
  objectKey: string;
  access: SignedResourceAccess;
  singleUse: boolean;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

const COLUMNS = `id, bucket_key AS "bucketKey", object_key AS "objectKey", access, single_use AS "singleUse",
  created_at AS "createdAt", expires_at AS "expiresAt", used_at AS "usedAt"`;

export function ossSignedResourcesRepo(db: Db) {
  return {
    async create(resource: SignedResourceRecord): Promise<void> {
      await db.query(
        `INSERT INTO oss_signed_resources (id, bucket_key, object_key, access, single_use, created_at, expires_at, used_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          resource.id,
          resource.bucketKey,
          resource.objectKey,
          resource.access,
          resource.singleUse,
          resource.createdAt,
          resource.expiresAt,
          resource.usedAt,
        ],
      );
    },
    async find(id: string): Promise<SignedResourceRecord | undefined> {
      const [resource] = await db.query<SignedResourceRecord>(
        `SELECT ${COLUMNS} FROM oss_signed_resources WHERE id = $1`,
        [id],
      );
      return resource;
    },
    /**
     * Spends a single-use resource. One statement, so of two requests at once exactly one sees
     * `true`: the row changes only while it is unspent and unexpired.
     */
    async consume(id: string, now: Date): Promise<boolean> {
      const spent = await db.query(
        'UPDATE oss_signed_resources SET used_at = $2 WHERE id = $1 AND used_at IS NULL AND expires_at > $2 RETURNING id',
        [id, now],
      );
      return spent.length === 1;
    },
    async delete(id: string): Promise<boolean> {
      return (await db.query('DELETE FROM oss_signed_resources WHERE id = $1 RETURNING id', [id])).length === 1;
    },
    /** Resources past their expiry: nothing can use them any more. */
    async deleteExpired(now: Date, limit = 1000): Promise<number> {
      const gone = await db.query(
        'DELETE FROM oss_signed_resources WHERE id IN (SELECT id FROM oss_signed_resources WHERE expires_at <= $1 LIMIT $2) RETURNING id',
        [now, limit],
      );
      return gone.length;
    },
  };
}

export type OssSignedResourcesRepo = ReturnType<typeof ossSignedResourcesRepo>;
