import type { Queryable } from '../db/db';
import type { Extent } from '../blobs/extents';

export interface ObjectRecord {
  id: string;
  bucketKey: string;
  objectKey: string;
  size: number;
  sha1: string;
  contentType: string;
  contentDisposition: string | null;
  contentEncoding: string | null;
  cacheControl: string | null;
  userMetadata: string | null;
  createdAt: Date;
  modifiedAt: Date;
  accessedAt: Date | null;
  expiresAt: Date | null;
}

/** What a listing shows of an object, and when it leaves the listing: fewer columns make a page of 100 decode faster. */
export type ListedObject = Pick<
  ObjectRecord,
  'bucketKey' | 'objectKey' | 'size' | 'sha1' | 'contentType' | 'expiresAt'
>;

export const LISTED_COLUMNS = `o.bucket_key AS "bucketKey", o.object_key AS "objectKey", o.size, o.sha1, o.content_type AS "contentType",
  o.expires_at AS "expiresAt"`;

/** The first moment a listed object expires: the page, read at an earlier time, holds until then. */
export const firstExpiry = (objects: readonly ListedObject[]) =>
  objects.reduce((first, object) => Math.min(first, object.expiresAt?.getTime() ?? Infinity), Infinity);

export const OBJECT_COLUMNS = `o.id, o.bucket_key AS "bucketKey", o.object_key AS "objectKey", o.size, o.sha1,
  o.content_type AS "contentType", o.content_disposition AS "contentDisposition", o.content_encoding AS "contentEncoding",
  o.cache_control AS "cacheControl", o.user_metadata AS "userMetadata", o.created_at AS "createdAt",
  o.modified_at AS "modifiedAt", o.accessed_at AS "accessedAt", o.expires_at AS "expiresAt"`;
// Objects past their retention are invisible at once, before the sweeper removes them.
const VISIBLE = '(o.expires_at IS NULL OR o.expires_at > $NOW)';
export const visible = (param: number) => VISIBLE.replace('$NOW', `$${param}`);
/** The blobs that hold object `o`, in order, as a JSON array of extents. */
export const EXTENTS_JSON = `COALESCE((SELECT json_agg(json_build_object('blobId', b.blob_id, 'size', b.size::float8) ORDER BY b.seq)
  FROM oss_object_blobs b WHERE b.object_id = o.id), '[]')`;

/**
 * Puts `object` in place of any object of the same key, in the caller's transaction, and returns
 * the blobs the replaced object used: the caller frees those no row refers to any more.
 */
export async function replaceObject(
  tx: Queryable,
  object: ObjectRecord,
  extents: readonly Extent[],
): Promise<string[]> {
  const old = await tx.query<{ blobId: string }>(
    `SELECT b.blob_id AS "blobId" FROM oss_object_blobs b JOIN oss_objects o ON o.id = b.object_id
     WHERE o.bucket_key = $1 AND o.object_key = $2`,
    [object.bucketKey, object.objectKey],
  );
  await tx.query('DELETE FROM oss_objects WHERE bucket_key = $1 AND object_key = $2', [
    object.bucketKey,
    object.objectKey,
  ]);
  await tx.query(
    `INSERT INTO oss_objects (id, bucket_key, object_key, size, sha1, content_type, content_disposition, content_encoding,
       cache_control, user_metadata, created_at, modified_at, accessed_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      object.id,
      object.bucketKey,
      object.objectKey,
      object.size,
      object.sha1,
      object.contentType,
      object.contentDisposition,
      object.contentEncoding,
      object.cacheControl,
      object.userMetadata,
      object.createdAt,
      object.modifiedAt,
      object.accessedAt,
      object.expiresAt,
    ],
  );
  await tx.query(
    `INSERT INTO oss_object_blobs (object_id, seq, blob_id, size)
     SELECT $1, t.ord::integer, t.blob_id, t.size::bigint FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(blob_id, size, ord)`,
    [object.id, extents.map((extent) => extent.blobId), extents.map((extent) => String(extent.size))],
  );
  return old.map((row) => row.blobId);
}
