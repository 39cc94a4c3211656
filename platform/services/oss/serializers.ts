import {
  objectUrn,
  type Bucket,
  type BucketSummary,
  type ObjectDetailField,
  type ObjectDetails,
  type ObjectFullDetails,
} from '../../../contracts/oss';
import type { BucketRecord } from '../../storage/repos/oss';
import type { ListedObject, ObjectRecord } from '../../storage/repos/oss-objects';

export const objectLocation = (base: string, bucketKey: string, objectKey: string) =>
  `${base}/oss/v2/buckets/${bucketKey}/objects/${encodeURIComponent(objectKey)}`;

export function serializeBucket(bucket: BucketRecord): Bucket {
  return {
    bucketKey: bucket.bucketKey,
    bucketOwner: bucket.ownerClientId,
    createdDate: bucket.createdAt.getTime(),
    permissions: [{ authId: bucket.ownerClientId, access: 'full' }, ...bucket.permissions],
    policyKey: bucket.policyKey,
  };
}

export const serializeBucketSummary = (bucket: BucketRecord): BucketSummary => ({
  bucketKey: bucket.bucketKey,
  createdDate: bucket.createdAt.getTime(),
  policyKey: bucket.policyKey,
});

export const serializeObject = (base: string, object: ListedObject): ObjectDetails => ({
  bucketKey: object.bucketKey,
  objectId: objectUrn(object.bucketKey, object.objectKey),
  objectKey: object.objectKey,
  sha1: object.sha1,
  size: object.size,
  contentType: object.contentType,
  location: objectLocation(base, object.bucketKey, object.objectKey),
});

/** Details with the extra fields that `with=` asked for, as OSS only sends those on request. */
export function serializeFullObject(
  base: string,
  object: ObjectRecord,
  fields: ReadonlySet<ObjectDetailField>,
): ObjectFullDetails {
  const details: ObjectFullDetails = serializeObject(base, object);
  if (fields.has('createdDate')) details.createdDate = object.createdAt.getTime();
  if (fields.has('lastModifiedDate')) details.lastModifiedDate = object.modifiedAt.getTime();
  if (fields.has('lastAccessedDate')) details.lastAccessedDate = (object.accessedAt ?? object.createdAt).getTime();
  if (fields.has('userDefinedMetadata') && object.userMetadata !== null)
    details.userDefinedMetadata = object.userMetadata;
  return details;
}

/** A page's `next`: the same request with `startAt` set to the last key returned. */
export function nextPage(
  base: string,
  path: string,
  query: Record<string, string | undefined>,
  lastKey: string,
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  params.set('startAt', lastKey);
  return `${base}${path}?${params.toString()}`;
}
