/** Wire types of OSS v2. */

/** The error body OSS answers with. */
export interface OssErrorBody {
  reason: string;
}

/** Retention of a bucket's objects: 24 hours, 30 days, or until deleted. */
export const POLICY_KEYS = ['transient', 'temporary', 'persistent'] as const;
export type PolicyKey = (typeof POLICY_KEYS)[number];

export const OSS_REGIONS = ['US', 'EMEA', 'AUS', 'APAC', 'CAN', 'DEU', 'IND', 'JPN', 'GBR'] as const;
export type OssRegion = (typeof OSS_REGIONS)[number];

export type BucketAccess = 'full' | 'read';

export interface BucketPermission {
  authId: string;
  access: BucketAccess;
}

/** `POST /oss/v2/buckets` body. */
export interface CreateBucketPayload {
  bucketKey: string;
  policyKey: PolicyKey;
  allow?: BucketPermission[];
}

/** A bucket, as created and as `GET …/details` returns it. Dates are Unix milliseconds. */
export interface Bucket {
  bucketKey: string;
  bucketOwner: string;
  createdDate: number;
  permissions: BucketPermission[];
  policyKey: PolicyKey;
}

export interface BucketSummary {
  bucketKey: string;
  createdDate: number;
  policyKey: PolicyKey;
}

/** `GET /oss/v2/buckets`: `next` is the full URL of the next page, present only when there is one. */
export interface BucketsResponse {
  items: BucketSummary[];
  next?: string;
}

export interface ObjectDetails {
  bucketKey: string;
  objectId: string;
  objectKey: string;
  sha1: string;
  size: number;
  contentType: string;
  location: string;
}

/** `GET …/objects/{objectKey}/details`; the dates and metadata only when asked for with `with`. */
export interface ObjectFullDetails extends ObjectDetails {
  createdDate?: number;
  lastAccessedDate?: number;
  lastModifiedDate?: number;
  userDefinedMetadata?: string;
}

export const OBJECT_DETAIL_FIELDS = [
  'createdDate',
  'lastAccessedDate',
  'lastModifiedDate',
  'userDefinedMetadata',
] as const;
export type ObjectDetailField = (typeof OBJECT_DETAIL_FIELDS)[number];

export interface BucketObjectsResponse {
  items: ObjectDetails[];
  next?: string;
}

/** `GET …/signeds3upload`: one URL per part, in part order; dates in ISO 8601. */
export interface SignedS3UploadResponse {
  uploadKey: string;
  urls: string[];
  urlExpiration: string;
  uploadExpiration: string;
}

/** `POST …/signeds3upload` body; `size` and `eTags`, when sent, are checked against the parts. */
export interface CompleteS3UploadBody {
  uploadKey: string;
  size?: number;
  eTags?: string[];
}

export type DownloadStatus = 'complete' | 'chunked' | 'fallback';

/** `GET …/signeds3download`. `contentType` is ours: the type the URL will serve. */
export interface SignedS3DownloadResponse {
  status: DownloadStatus;
  url?: string;
  params: Record<string, string>;
  size: number;
  sha1?: string;
  contentType?: string;
}

const URN_PREFIX = 'urn:adsk.objects:os.object:';

/** The object id the platform gives out: `urn:adsk.objects:os.object:{bucket}:{object}` (spec part 2). */
export const objectUrn = (bucketKey: string, objectKey: string): string => `${URN_PREFIX}${bucketKey}:${objectKey}`;

/**
 * Reads an object URN in the spec's shape or the real service's `{bucket}/{object}` shape. A bucket
 * key holds neither `:` nor `/`, so the first of them ends it whatever the object key contains.
 */
export function parseObjectUrn(urn: string): { bucketKey: string; objectKey: string } | undefined {
  if (!urn.startsWith(URN_PREFIX)) return undefined;
  const rest = urn.slice(URN_PREFIX.length);
  const end = rest.search(/[:/]/);
  if (end <= 0 || end === rest.length - 1) return undefined;
  return { bucketKey: rest.slice(0, end), objectKey: rest.slice(end + 1) };
}

/** `?access=` of `POST …/objects/{objectKey}/signed`, read without regard to case (the SDKs send `Read`, `ReadWrite`). */
export const SIGNED_RESOURCE_ACCESS = ['read', 'write', 'readwrite'] as const;
export type SignedResourceAccess = (typeof SIGNED_RESOURCE_ACCESS)[number];

/** `POST …/objects/{objectKey}/signed` body: 1 to 60 minutes (2 by default), optionally spent by its first use. */
export interface CreateSignedResourceBody {
  minutesExpiration?: number;
  singleUse?: boolean;
}

/** The signed resource: a URL on `/oss/v2/signedresources/{hash}`; `expiration` in Unix milliseconds. */
export interface SignedResourceResponse {
  signedUrl: string;
  expiration: number;
  singleUse: boolean;
}

/** The 202 of a resumable chunk while bytes are still missing; its `Range` header lists what arrived. */
export interface ResumableAcceptedBody {
  result: string;
}

/** How one item of a batch failed, in place of its result. */
export interface BatchItemError {
  status: 'error';
  reason: string;
}

/** `POST …/objects/batchsigneds3upload` body: at most 25 requests, one per object key. */
export interface BatchSignedS3UploadBody {
  requests: { objectKey: string; parts?: number; firstPart?: number; uploadKey?: string }[];
}

export interface BatchSignedS3UploadResponse {
  results: Record<string, SignedS3UploadResponse | BatchItemError>;
}

/** `POST …/objects/batchsigneds3download` body: at most 25 requests, one per object key. */
export interface BatchSignedS3DownloadBody {
  requests: {
    objectKey: string;
    'response-content-type'?: string;
    'response-content-disposition'?: string;
    'response-cache-control'?: string;
    'If-None-Match'?: string;
    'If-Modified-Since'?: string;
  }[];
}

export interface BatchSignedS3DownloadResponse {
  results: Record<string, SignedS3DownloadResponse | BatchItemError>;
}

/** One part of an upload as `batchcompleteupload` judged it. */
export type PartStatus = 'Pending' | 'Unexpected' | 'TooSmall' | 'Unexpected+TooSmall' | 'Ok';

export interface PartReport {
  firstPart: number;
  status: PartStatus;
  size?: number;
  eTag?: string;
}

/** `POST …/objects/batchcompleteupload` body: at most 25 requests, one per object key. */
export interface BatchCompleteUploadBody {
  requests: {
    objectKey: string;
    uploadKey: string;
    size?: number;
    eTags?: string[];
    'x-ads-meta-Content-Type'?: string;
    'x-ads-meta-Content-Disposition'?: string;
    'x-ads-meta-Content-Encoding'?: string;
    'x-ads-meta-Cache-Control'?: string;
    'x-ads-user-defined-metadata'?: string;
  }[];
}

/** An object made by `batchcompleteupload`, or (with `status: 'error'`) why not, with each part's state. */
export interface BatchCompletedResult {
  status?: 'error';
  reason?: string;
  bucketKey: string;
  objectKey: string;
  objectId?: string;
  size?: number;
  sha1?: string;
  contentType?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  cacheControl?: string;
  location?: string;
  parts?: PartReport[];
}

export interface BatchCompleteUploadResponse {
  results: Record<string, BatchCompletedResult>;
}
