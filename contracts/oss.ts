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

export const OBJECT_DETAIL_FIELDS = ['createdDate', 'lastAccessedDate', 'lastModifiedDate', 'userDefinedMetadata'] as const;
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
