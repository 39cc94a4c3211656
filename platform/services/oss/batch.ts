import type {
  BatchCompletedResult,
  BatchCompleteUploadResponse,
  BatchSignedS3DownloadResponse,
  BatchSignedS3UploadResponse,
  PartReport,
  SignedS3DownloadResponse,
} from '../../../contracts/oss';
import { ossError } from '../../http/errors';
import type { BucketRecord } from '../../storage/repos/oss';
import { itemInt, itemText, perItem, type BatchItem } from './batch-items';
import { metadataFrom } from './blob-write';
import type { OssContext } from './context';
import { notModified, OVERRIDES, signDownload, type Overrides } from './downloads';
import { MAX_PARTS, MAX_URLS_PER_REQUEST } from './limits';
import { partReport } from './part-report';
import { serializeObject } from './serializers';
import { completeUpload, signUpload } from './uploads';

const CONDITIONS = ['If-None-Match', 'If-Modified-Since'] as const;
const META_FIELDS = [
  'x-ads-meta-Content-Type',
  'x-ads-meta-Content-Disposition',
  'x-ads-meta-Content-Encoding',
  'x-ads-meta-Cache-Control',
  'x-ads-user-defined-metadata',
];
const HEADER_TEXT = /^[\x20-\x7e]*$/;

/** `POST …/objects/batchsigneds3upload`: `signeds3upload` for each object, each failing on its own. */
export async function batchSignUpload(
  oss: OssContext,
  bucket: BucketRecord,
  items: BatchItem[],
  minutes: number,
): Promise<BatchSignedS3UploadResponse> {
  return {
    results: await perItem(items, (item) => {
      return signUpload(oss, bucket, item.objectKey, {
        parts: itemInt(item, 'parts', 1, MAX_URLS_PER_REQUEST, 1),
        firstPart: itemInt(item, 'firstPart', 1, MAX_PARTS, 1),
        uploadKey: itemText(item, 'uploadKey', 256),
        minutes,
      });
    }),
  };
}

/**
 * `POST …/objects/batchsigneds3download`: `signeds3download` for each object. An object that
 * matches its `If-None-Match` / `If-Modified-Since` gets an error item saying so (the single form's 304).
 */
export async function batchSignDownload(
  oss: OssContext,
  bucket: BucketRecord,
  items: BatchItem[],
  minutes: number,
): Promise<BatchSignedS3DownloadResponse> {
  return {
    results: await perItem<SignedS3DownloadResponse | { status: 'error'; reason: string }>(items, async (item) => {
      const overrides: Overrides = {};
      for (const name of OVERRIDES) {
        const value = itemText(item, name);
        if (value !== undefined && !HEADER_TEXT.test(value)) throw ossError(400, `${name} must be printable ASCII.`);
        if (value !== undefined) overrides[name] = value;
      }
      const [ifNoneMatch, ifModifiedSince] = CONDITIONS.map((name) => itemText(item, name));
      const { object, response } = await signDownload(oss, bucket, item.objectKey, minutes, overrides);
      if (notModified(object, ifNoneMatch, ifModifiedSince))
        return { status: 'error', reason: 'Not Modified: the object matches If-None-Match or If-Modified-Since.' };
      return response;
    }),
  };
}

/** The parts report of an item's upload, if the item names an upload of this object (nothing otherwise). */
async function reportOf(oss: OssContext, bucket: BucketRecord, item: BatchItem): Promise<PartReport[] | undefined> {
  const { uploadKey, eTags } = item;
  if (typeof uploadKey !== 'string' || uploadKey.length > 256) return undefined;
  const upload = await oss.stores.oss.findUpload(uploadKey, oss.clock.now());
  if (!upload || upload.bucketKey !== bucket.bucketKey || upload.objectKey !== item.objectKey) return undefined;
  const tags =
    Array.isArray(eTags) && eTags.length <= MAX_PARTS && eTags.every((tag) => typeof tag === 'string')
      ? eTags
      : undefined;
  return partReport(await oss.stores.oss.listParts(uploadKey), oss.limits.minPartBytes, tags);
}

/**
 * `POST …/objects/batchcompleteupload`: completes each upload as `POST …/signeds3upload` does, with
 * the metadata in the item instead of headers. Every result, made or failed, lists its parts' states.
 */
export async function batchComplete(
  oss: OssContext,
  bucket: BucketRecord,
  items: BatchItem[],
): Promise<BatchCompleteUploadResponse> {
  const named = (item: BatchItem) => ({ bucketKey: bucket.bucketKey, objectKey: item.objectKey });
  return {
    results: await perItem<BatchCompletedResult>(
      items,
      async (item) => {
        for (const name of META_FIELDS) itemText(item, name);
        const meta = metadataFrom((name) => item[name] as string | undefined, 'x-ads-meta-');
        const parts = await reportOf(oss, bucket, item);
        const body = Object.fromEntries(
          Object.entries({ uploadKey: item.uploadKey, size: item.size, eTags: item.eTags }).filter(
            ([, value]) => value !== undefined,
          ),
        );
        const object = await completeUpload(oss, bucket, item.objectKey, body, meta);
        const result: BatchCompletedResult = { ...serializeObject(oss.base(), object), ...(parts ? { parts } : {}) };
        if (object.contentDisposition) result.contentDisposition = object.contentDisposition;
        if (object.contentEncoding) result.contentEncoding = object.contentEncoding;
        if (object.cacheControl) result.cacheControl = object.cacheControl;
        return result;
      },
      async (item, error) => {
        const parts = await reportOf(oss, bucket, item);
        return { ...error, ...named(item), ...(parts ? { parts } : {}) };
      },
    ),
  };
}
