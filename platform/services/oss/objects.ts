import { OBJECT_DETAIL_FIELDS, type BucketObjectsResponse, type ObjectDetailField } from '../../../contracts/oss';
import { ossError } from '../../http/errors';
import { randomChars } from '../../storage/ids';
import type { BucketRecord } from '../../storage/repos/oss';
import type { ListedObject, ObjectRecord } from '../../storage/repos/oss-objects';
import { releaseBlobs } from './blob-release';
import type { OssContext } from './context';
import { RETENTION_SECONDS } from './limits';
import { objectKeyProblem } from './names';
import { nextPage, serializeObject } from './serializers';

export const newObjectId = (): string => randomChars(32, 'abcdefghijklmnopqrstuvwxyz0123456789');

export function checkObjectKey(objectKey: string): string {
  const problem = objectKeyProblem(objectKey);
  if (problem) throw ossError(400, problem);
  return objectKey;
}

/** When an object made now in `bucket` goes: its policy's retention, counted from its creation. */
export function expiryFor(bucket: BucketRecord, now: Date): Date | null {
  const seconds = RETENTION_SECONDS[bucket.policyKey];
  return seconds === null ? null : new Date(now.getTime() + seconds * 1000);
}

/** The metadata sent with an upload: `Content-*` values to serve back and the user's small JSON. */
export interface ObjectMetadata {
  contentType: string | undefined;
  contentDisposition: string | undefined;
  contentEncoding: string | undefined;
  cacheControl: string | undefined;
  userMetadata: string | undefined;
}

export function newObjectRecord(
  bucket: BucketRecord,
  objectKey: string,
  content: { size: number; sha1: string },
  meta: ObjectMetadata,
  now: Date,
): ObjectRecord {
  return {
    id: newObjectId(),
    bucketKey: bucket.bucketKey,
    objectKey,
    size: content.size,
    sha1: content.sha1,
    contentType: meta.contentType ?? 'application/octet-stream',
    contentDisposition: meta.contentDisposition ?? null,
    contentEncoding: meta.contentEncoding ?? null,
    cacheControl: meta.cacheControl ?? null,
    userMetadata: meta.userMetadata ?? null,
    createdAt: now,
    modifiedAt: now,
    accessedAt: null,
    expiresAt: expiryFor(bucket, now),
  };
}

export async function findObject(oss: OssContext, bucket: BucketRecord, objectKey: string): Promise<ObjectRecord> {
  const object = await oss.stores.oss.findObject(bucket.bucketKey, checkObjectKey(objectKey), oss.clock.now());
  if (!object) throw ossError(404, 'Object not found');
  return object;
}

export interface ObjectsPage {
  limit: number;
  beginsWith: string | undefined;
  startAt: string | undefined;
}

/** A page of a bucket's objects by key, with one more row than the limit when a next page follows. */
export function listObjectRows(
  oss: OssContext,
  bucket: BucketRecord,
  page: ObjectsPage,
): Promise<readonly ListedObject[]> {
  return oss.stores.oss.listObjects(
    bucket.bucketKey,
    { prefix: page.beginsWith ?? '', startAfter: page.startAt ?? '', limit: page.limit + 1 },
    oss.clock.now(),
  );
}

/** The answer for rows read by `listObjectRows`: it depends on nothing else, so it can be kept with them. */
export function objectsAnswer(
  base: string,
  bucketKey: string,
  page: ObjectsPage,
  rows: readonly ListedObject[],
): BucketObjectsResponse {
  const items = rows.slice(0, page.limit);
  const response: BucketObjectsResponse = { items: items.map((object) => serializeObject(base, object)) };
  if (rows.length > page.limit) {
    const query = { limit: String(page.limit), beginsWith: page.beginsWith };
    response.next = nextPage(base, `/oss/v2/buckets/${bucketKey}/objects`, query, items.at(-1)!.objectKey);
  }
  return response;
}

/** `with=` values, each checked: an unknown one is refused rather than ignored. */
export function detailFields(values: string[]): Set<ObjectDetailField> {
  const fields = new Set<ObjectDetailField>();
  for (const value of values.flatMap((item) => item.split(','))) {
    if (!(OBJECT_DETAIL_FIELDS as readonly string[]).includes(value)) {
      throw ossError(
        400,
        `with must be one of ${OBJECT_DETAIL_FIELDS.join(', ')}, not ${JSON.stringify(value.slice(0, 40))}.`,
      );
    }
    fields.add(value as ObjectDetailField);
  }
  return fields;
}

export async function deleteObject(oss: OssContext, bucket: BucketRecord, objectKey: string): Promise<void> {
  const freed = await oss.stores.oss.deleteObject(bucket.bucketKey, checkObjectKey(objectKey), oss.clock.now());
  if (!freed) throw ossError(404, 'Object not found');
  await releaseBlobs(oss, freed);
}

/** A copy in the same bucket under a new key; it shares the source's bytes and has its own retention. */
export async function copyObject(
  oss: OssContext,
  bucket: BucketRecord,
  objectKey: string,
  newKey: string,
): Promise<ObjectRecord> {
  const now = oss.clock.now();
  const target = {
    id: newObjectId(),
    objectKey: checkObjectKey(newKey),
    createdAt: now,
    expiresAt: expiryFor(bucket, now),
  };
  const copied = await oss.stores.oss.copyObject(
    { bucketKey: bucket.bucketKey, objectKey: checkObjectKey(objectKey) },
    target,
    now,
  );
  if (!copied) throw ossError(404, 'Object not found');
  await releaseBlobs(oss, copied.freed);
  return copied.object;
}
