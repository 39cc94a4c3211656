import type { Context } from 'hono';
import { SIGNED_RESOURCE_ACCESS, type SignedResourceAccess, type SignedResourceResponse } from '../../../contracts/oss';
import { ossError } from '../../http/errors';
import { randomChars } from '../../storage/ids';
import type { BucketRecord } from '../../storage/repos/oss';
import type { ObjectRecord } from '../../storage/repos/oss-objects';
import type { SignedResourceRecord } from '../../storage/repos/oss-signed-resources';
import type { OssContext } from './context';
import { notModified } from './downloads';
import { checkObjectKey } from './objects';
import { parseRange } from './range';
import { resourceHash, resourceIdOf } from './signed-resource-hash';

/** `minutesExpiration`: 1 to 60, 2 by default, as the OpenAPI says (older pages said 60 by default). */
export const SIGNED_RESOURCE_MINUTES = { min: 1, max: 60, fallback: 2 } as const;
const BODY_FIELDS = new Set(['minutesExpiration', 'singleUse']);

export const signedResourcePath = (hash: string) => `/oss/v2/signedresources/${hash}`;

/** `?access=`: read by default; the SDKs send `Read`, `Write`, `ReadWrite`, so case does not matter. */
export function accessParam(value: string | undefined): SignedResourceAccess {
  if (value === undefined) return 'read';
  const access = value.toLowerCase();
  if (!(SIGNED_RESOURCE_ACCESS as readonly string[]).includes(access)) {
    throw ossError(
      400,
      `access must be one of ${SIGNED_RESOURCE_ACCESS.join(', ')}, not ${JSON.stringify(value.slice(0, 40))}.`,
    );
  }
  return access as SignedResourceAccess;
}

export function parseCreateBody(raw: Record<string, unknown>): { minutes: number; singleUse: boolean } {
  const unknown = Object.keys(raw).filter((name) => !BODY_FIELDS.has(name));
  if (unknown.length)
    throw ossError(
      400,
      `Unknown field in the body: ${unknown
        .slice(0, 5)
        .map((name) => JSON.stringify(name.slice(0, 40)))
        .join(', ')}.`,
    );
  const { minutesExpiration = SIGNED_RESOURCE_MINUTES.fallback, singleUse = false } = raw;
  const { min, max } = SIGNED_RESOURCE_MINUTES;
  if (
    typeof minutesExpiration !== 'number' ||
    !Number.isInteger(minutesExpiration) ||
    minutesExpiration < min ||
    minutesExpiration > max
  ) {
    throw ossError(400, `minutesExpiration must be a whole number from ${min} to ${max}.`);
  }
  if (typeof singleUse !== 'boolean') throw ossError(400, 'singleUse must be true or false.');
  return { minutes: minutesExpiration, singleUse };
}

/** `POST …/objects/{objectKey}/signed`: the object need not exist yet (a write URL may create it). */
export async function createSignedResource(
  oss: OssContext,
  bucket: BucketRecord,
  objectKey: string,
  access: SignedResourceAccess,
  request: { minutes: number; singleUse: boolean },
): Promise<SignedResourceResponse> {
  checkObjectKey(objectKey);
  const now = oss.clock.now();
  const expires = Math.floor(now.getTime() / 1000) + request.minutes * 60;
  const id = randomChars(24, '0123456789abcdefghijklmnopqrstuvwxyz');
  await oss.stores.ossSignedResources.create({
    id,
    bucketKey: bucket.bucketKey,
    objectKey,
    access,
    singleUse: request.singleUse,
    createdAt: now,
    expiresAt: new Date(expires * 1000),
    usedAt: null,
  });
  const hash = await resourceHash(oss, id, expires);
  return {
    signedUrl: `${oss.base()}${signedResourcePath(hash)}?region=${bucket.region}`,
    expiration: expires * 1000,
    singleUse: request.singleUse,
  };
}

const grants = (access: SignedResourceAccess, need: 'read' | 'write') => access === 'readwrite' || access === need;

/** The live resource a hash names and its bucket, if it grants `need`: else 403 or 404 with OSS's `{reason}`. */
export async function resourceFor(
  oss: OssContext,
  hash: string,
  need: 'read' | 'write',
): Promise<{ resource: SignedResourceRecord; bucket: BucketRecord }> {
  const resource = await oss.stores.ossSignedResources.find(await resourceIdOf(oss, hash));
  if (!resource) throw ossError(404, 'Signed resource not found: it was deleted.');
  if (resource.usedAt) throw ossError(403, 'This single-use signed URL has already been used.');
  if (!grants(resource.access, need))
    throw ossError(403, `This signed URL grants ${resource.access} access only; it may not ${need}.`);
  const bucket = await oss.stores.oss.findBucket(resource.bucketKey);
  if (!bucket) throw ossError(404, 'Bucket not found');
  return { resource, bucket };
}

/** Spends a single-use resource; of two requests at once, the second gets 403. */
export async function spend(oss: OssContext, resource: SignedResourceRecord): Promise<void> {
  if (!(await oss.stores.ossSignedResources.consume(resource.id, oss.clock.now()))) {
    throw ossError(403, 'This single-use signed URL has already been used.');
  }
}

/** Whether a GET would send the object's bytes: not for HEAD, a 304 or a 416, which leave a single-use URL unspent. */
export function sendsBytes(c: Context, object: ObjectRecord): boolean {
  if (c.req.method !== 'GET' || notModified(object, c.req.header('if-none-match'), c.req.header('if-modified-since')))
    return false;
  return parseRange(c.req.header('range'), object.size).kind !== 'unsatisfiable';
}

/** `DELETE /signedresources/{hash}`: removes the resource (never the object), for the app that owns its bucket. */
export async function deletableResource(oss: OssContext, hash: string): Promise<SignedResourceRecord> {
  const resource = await oss.stores.ossSignedResources.find(await resourceIdOf(oss, hash, { evenExpired: true }));
  if (!resource) throw ossError(404, 'Hash does not exist.');
  return resource;
}
