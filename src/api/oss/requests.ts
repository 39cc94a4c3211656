import {
  parseObjectUrn,
  type Bucket,
  type BucketObjectsResponse,
  type BucketsResponse,
  type CompleteS3UploadBody,
  type CreateBucketPayload,
  type ObjectDetails,
  type SignedS3DownloadResponse,
  type SignedResourceAccess,
  type SignedResourceResponse,
  type SignedS3UploadResponse,
} from '../../../contracts/oss';
import { requestJson, requestVoid } from '../http';

const bucketPath = (bucketKey: string) => `/oss/v2/buckets/${encodeURIComponent(bucketKey)}`;

const objectPath = (bucketKey: string, objectKey: string) =>
  `/oss/v2/buckets/${encodeURIComponent(bucketKey)}/objects/${encodeURIComponent(objectKey)}`;

export interface SignedDownloadOptions {
  /** Sent as `response-content-disposition`, so the browser saves the file under this name. */
  fileName?: string;
  minutesExpiration?: number;
}

/** `GET …/objects/{objectKey}/signeds3download`: a short-lived URL that serves the object's bytes. */
export function getSignedDownload(
  bucketKey: string,
  objectKey: string,
  options: SignedDownloadOptions,
  signal: AbortSignal,
): Promise<SignedS3DownloadResponse> {
  return requestJson<SignedS3DownloadResponse>(`${objectPath(bucketKey, objectKey)}/signeds3download`, {
    signal,
    query: {
      minutesExpiration: options.minutesExpiration,
      'response-content-disposition': options.fileName ? attachment(options.fileName) : undefined,
    },
  });
}

/** The same, from a storage object id (`urn:adsk.objects:os.object:{bucket}:{object}`, or `…/{object}`). */
export function getSignedDownloadForUrn(
  objectId: string,
  options: SignedDownloadOptions,
  signal: AbortSignal,
): Promise<SignedS3DownloadResponse> {
  const parsed = parseObjectUrn(objectId);
  if (!parsed) return Promise.reject(new Error(`"${objectId}" is not an OSS object id.`));
  return getSignedDownload(parsed.bucketKey, parsed.objectKey, options, signal);
}

/** RFC 6266: a plain ASCII fallback for old clients and the exact name in UTF-8 for the rest. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** One page of a listing: `startAt` is the cursor the previous page's `next` URL carried. */
export interface PageCursor {
  limit?: number;
  startAt?: string;
}

/** The cursor of the page after this one, read from the full `next` URL OSS answers with. */
export function nextStartAt(next: string | undefined): string | undefined {
  if (!next) return undefined;
  return new URL(next, 'http://next.invalid').searchParams.get('startAt') ?? undefined;
}

/** `GET /oss/v2/buckets`: only the buckets of the calling app. */
export function getBuckets({ limit, startAt }: PageCursor, signal: AbortSignal): Promise<BucketsResponse> {
  return requestJson<BucketsResponse>('/oss/v2/buckets', { signal, query: { limit, startAt } });
}

/** `GET …/buckets/{bucketKey}/details`. */
export function getBucketDetails(bucketKey: string, signal: AbortSignal): Promise<Bucket> {
  return requestJson<Bucket>(`${bucketPath(bucketKey)}/details`, { signal });
}

/** `POST /oss/v2/buckets`: 409 when the key is taken, 400 naming the rule a key breaks. */
export function createBucket(payload: CreateBucketPayload, signal: AbortSignal): Promise<Bucket> {
  return requestJson<Bucket>('/oss/v2/buckets', {
    signal,
    method: 'POST',
    json: payload,
    headers: { 'x-ads-region': 'US' },
  });
}

/** `DELETE …/buckets/{bucketKey}`, with every object in it. */
export function deleteBucket(bucketKey: string, signal: AbortSignal): Promise<void> {
  return requestVoid(bucketPath(bucketKey), { signal, method: 'DELETE' });
}

export interface ObjectsPageOptions extends PageCursor {
  beginsWith?: string;
}

/** `GET …/buckets/{bucketKey}/objects`, optionally only the keys that begin with a prefix. */
export function getObjects(
  bucketKey: string,
  { limit, startAt, beginsWith }: ObjectsPageOptions,
  signal: AbortSignal,
): Promise<BucketObjectsResponse> {
  return requestJson<BucketObjectsResponse>(`${bucketPath(bucketKey)}/objects`, {
    signal,
    query: { limit, startAt, beginsWith: beginsWith || undefined },
  });
}

/** `DELETE …/objects/{objectKey}`. */
export function deleteObject(bucketKey: string, objectKey: string, signal: AbortSignal): Promise<void> {
  return requestVoid(objectPath(bucketKey, objectKey), { signal, method: 'DELETE' });
}

export interface SignedUploadRequest {
  /** How many part URLs to sign (the platform signs at most 25 at a time). */
  parts: number;
  firstPart: number;
  /** Resumes this upload instead of starting one. */
  uploadKey?: string;
  minutesExpiration?: number;
}

/** `GET …/objects/{objectKey}/signeds3upload`: starts (or resumes) a multipart upload and signs part URLs. */
export function getSignedUpload(
  bucketKey: string,
  objectKey: string,
  { parts, firstPart, uploadKey, minutesExpiration }: SignedUploadRequest,
  signal: AbortSignal,
): Promise<SignedS3UploadResponse> {
  return requestJson<SignedS3UploadResponse>(`${objectPath(bucketKey, objectKey)}/signeds3upload`, {
    signal,
    query: { parts, firstPart, uploadKey, minutesExpiration },
  });
}

/** `POST …/objects/{objectKey}/signeds3upload`: assembles the parts sent under `uploadKey` into the object. */
export function completeSignedUpload(
  bucketKey: string,
  objectKey: string,
  body: CompleteS3UploadBody,
  signal: AbortSignal,
): Promise<ObjectDetails> {
  return requestJson<ObjectDetails>(`${objectPath(bucketKey, objectKey)}/signeds3upload`, {
    signal,
    method: 'POST',
    json: body,
  });
}

/** `POST …/objects/{objectKey}/signed`: a URL that reads or writes one object without a token (the object need not exist yet). */
export function createSignedResource(
  bucketKey: string,
  objectKey: string,
  access: SignedResourceAccess,
  minutesExpiration: number,
  signal: AbortSignal,
): Promise<SignedResourceResponse> {
  return requestJson<SignedResourceResponse>(`${objectPath(bucketKey, objectKey)}/signed`, {
    signal,
    method: 'POST',
    query: { access },
    json: { minutesExpiration },
  });
}
