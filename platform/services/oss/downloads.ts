import type { Context } from 'hono';
import type { SignedS3DownloadResponse } from '../../../contracts/oss';
import { ossError } from '../../http/errors';
import { readExtents, toWebStream } from '../../storage/blobs/extents';
import type { BucketRecord } from '../../storage/repos/oss';
import type { ObjectRecord } from '../../storage/repos/oss-objects';
import type { OssContext } from './context';
import { findObject } from './objects';
import { parseRange } from './range';

/** The response overrides a signed download may carry, as S3 names them. */
export const OVERRIDES = ['response-content-type', 'response-content-disposition', 'response-cache-control'] as const;
export type Overrides = Partial<Record<(typeof OVERRIDES)[number], string>>;

export const downloadPath = (objectId: string) => `/oss/v2/signed/objects/${objectId}`;
export const downloadFields = (objectId: string) => ['download', objectId];

const etag = (object: ObjectRecord) => `"${object.sha1}"`;

/** Whether `If-None-Match` / `If-Modified-Since` say the caller already has this version (304). */
export function notModified(
  object: ObjectRecord,
  ifNoneMatch: string | undefined,
  ifModifiedSince: string | undefined,
): boolean {
  if (ifNoneMatch !== undefined)
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag(object));
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(object.modifiedAt.getTime() / 1000) <= Math.floor(since / 1000);
}

/** `GET …/signeds3download`: a URL on this platform for this version of the object, signed with its overrides. */
export async function signDownload(
  oss: OssContext,
  bucket: BucketRecord,
  objectKey: string,
  minutes: number,
  overrides: Overrides,
) {
  const object = await findObject(oss, bucket, objectKey);
  const expires = Math.floor(oss.clock.now().getTime() / 1000) + minutes * 60;
  const query = Object.fromEntries(
    Object.entries(overrides).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const url = (await oss.signer()).url(oss.base(), downloadPath(object.id), downloadFields(object.id), expires, query);
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) params[name.replace(/^response-/, '')] = value;
  const response: SignedS3DownloadResponse = {
    status: 'complete',
    url,
    params,
    size: object.size,
    sha1: object.sha1,
    contentType: overrides['response-content-type'] ?? object.contentType,
  };
  return { object, response };
}

/** The bytes behind a signed download URL, whole or one range, streamed from the blobs. */
export async function serveDownload(oss: OssContext, c: Context, objectId: string): Promise<Response> {
  const object = await oss.stores.oss.findObjectById(objectId, oss.clock.now());
  if (!object) throw ossError(404, 'Object not found');
  const headers: Record<string, string> = {
    'Content-Type': c.req.query('response-content-type') ?? object.contentType,
    'Accept-Ranges': 'bytes',
    ETag: etag(object),
    'Last-Modified': object.modifiedAt.toUTCString(),
  };
  const disposition = c.req.query('response-content-disposition') ?? object.contentDisposition;
  if (disposition) headers['Content-Disposition'] = disposition;
  const cacheControl = c.req.query('response-cache-control') ?? object.cacheControl;
  if (cacheControl) headers['Cache-Control'] = cacheControl;
  if (object.contentEncoding) headers['Content-Encoding'] = object.contentEncoding;
  if (notModified(object, c.req.header('if-none-match'), c.req.header('if-modified-since')))
    return c.body(null, 304, headers);

  const range = parseRange(c.req.header('range'), object.size);
  if (range.kind === 'unsatisfiable') {
    return c.body(JSON.stringify({ reason: 'The requested range is not satisfiable.' }), 416, {
      'Content-Type': 'application/json',
      'Content-Range': `bytes */${object.size}`,
    });
  }
  const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, object.size - 1];
  headers['Content-Length'] = String(end - start + 1);
  if (range.kind === 'partial') headers['Content-Range'] = `bytes ${start}-${end}/${object.size}`;
  const status = range.kind === 'partial' ? 206 : 200;
  await oss.stores.oss.touchObject(object.id, oss.clock.now());
  if (c.req.method === 'HEAD' || object.size === 0) return c.body(null, status, headers);
  const extents = await oss.stores.oss.extents(object.id);
  return c.body(toWebStream(readExtents(oss.blobs, extents, start, end)), status, headers);
}
