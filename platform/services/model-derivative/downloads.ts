import type { Context } from 'hono';
import type { SignedCookiesResponse } from '../../../contracts/model-derivative';
import { modelDerivativeError } from '../../http/errors';
import { toWebStream } from '../../storage/blobs/extents';
import type { FileRecord } from '../../storage/repos/md-records';
import type { MdContext } from './context';
import { derivativePath } from './manifest';

/** The real service's cap on a signed derivative URL's life (and its default): six hours. */
export const MAX_MINUTES = 360;

export const signedPath = (urn: string, blobId: string) => `/modelderivative/v2/signed/derivatives/${urn}/${blobId}`;
export const signedFields = (urn: string, blobId: string) => ['derivative', urn, blobId];

export type DerivativeLookup = { state: 'ready'; file: FileRecord } | { state: 'running' };

/** The file a derivative URN names in this manifest: ready, still being made (202), or 404. */
export async function derivativeFile(md: MdContext, urn: string, derivative: string): Promise<DerivativeLookup> {
  const filePath = derivativePath(urn, derivative);
  const missing = modelDerivativeError(404, `The derivative ${derivative.slice(0, 200)} does not exist.`);
  if (filePath === undefined) throw missing;
  const file = (await md.stores.mdManifests.files(urn)).find((candidate) => candidate.path === filePath);
  if (file) return { state: 'ready', file };
  const outputType = filePath.split('/')[0];
  const running = (await md.stores.mdManifests.derivatives(urn)).some(
    (row) => row.outputType === outputType && (row.status === 'pending' || row.status === 'inprogress'),
  );
  if (running) return { state: 'running' };
  throw missing;
}

/** `…/signedcookies`: a URL carrying its own signature (so a plain fetch works), and CloudFront-style cookies. */
export async function signDerivative(
  md: MdContext,
  c: Context,
  urn: string,
  file: FileRecord,
): Promise<{ body: SignedCookiesResponse; cookies: string[] }> {
  const minutesText = c.req.query('minutes-expiration');
  const minutes = minutesText === undefined ? MAX_MINUTES : Number(minutesText);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_MINUTES)
    throw modelDerivativeError(400, `minutes-expiration must be a whole number from 1 to ${MAX_MINUTES}.`);
  const disposition = c.req.query('response-content-disposition');
  if (disposition !== undefined && !/^attachment\b/i.test(disposition))
    throw modelDerivativeError(400, 'response-content-disposition must start with attachment.');
  const expiresMs = md.clock.now().getTime() + minutes * 60_000;
  const expires = Math.floor(expiresMs / 1000);
  const query = (await md.signer()).sign(
    signedFields(urn, file.blobId),
    expires,
    disposition ? { 'response-content-disposition': disposition } : {},
  );
  const url = `${md.base()}${signedPath(urn, file.blobId)}?${query.toString()}`;
  const cookie = (name: string, value: string) =>
    `${name}=${value}; Path=/modelderivative/v2/signed/; Expires=${new Date(expires * 1000).toUTCString()}; HttpOnly; SameSite=Lax`;
  const policy = Buffer.from(
    JSON.stringify({
      Statement: [{ Resource: url.split('?')[0], Condition: { DateLessThan: { 'AWS:EpochTime': expires } } }],
    }),
  ).toString('base64url');
  return {
    body: { etag: file.sha1, size: file.size, url, 'content-type': file.mime, expiration: expiresMs },
    // CloudFront's order: the official client reads the three values by position.
    cookies: [
      cookie('CloudFront-Policy', policy),
      cookie('CloudFront-Key-Pair-Id', 'ddm-platform'),
      cookie('CloudFront-Signature', query.get('signature') ?? ''),
    ],
  };
}

/** One `Range: bytes=…` over `size` bytes, an end past the last byte clamped; anything else is the whole body. */
function parseRange(header: string | undefined, size: number): [number, number] | 'whole' | 'unsatisfiable' {
  const match = header === undefined ? null : /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match || (match[1] === '' && match[2] === '')) return 'whole';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(match[1]);
  const last = match[2] === '' ? Infinity : Number(match[2]);
  if (last < start) return 'whole';
  return start >= size ? 'unsatisfiable' : [start, Math.min(last, size - 1)];
}

/** A derivative's bytes, whole or one range; HEAD gets the headers alone. */
export function serveFile(md: MdContext, c: Context, file: FileRecord, disposition?: string): Response {
  const headers: Record<string, string> = {
    'Content-Type': file.mime,
    'Accept-Ranges': 'bytes',
    ETag: `"${file.sha1}"`,
    'Last-Modified': file.createdAt.toUTCString(),
  };
  if (disposition) headers['Content-Disposition'] = disposition;
  const range = parseRange(c.req.header('range'), file.size);
  if (range === 'unsatisfiable') {
    return c.body(JSON.stringify({ diagnostic: 'The requested range is not satisfiable.' }), 416, {
      'Content-Type': 'application/json',
      'Content-Range': `bytes */${file.size}`,
    });
  }
  const [start, end] = range === 'whole' ? [0, file.size - 1] : range;
  headers['Content-Length'] = String(Math.max(0, end - start + 1));
  if (range !== 'whole') headers['Content-Range'] = `bytes ${start}-${end}/${file.size}`;
  const status = range === 'whole' ? 200 : 206;
  if (c.req.method === 'HEAD' || file.size === 0) return c.body(null, status, headers);
  return c.body(toWebStream(md.blobs.read(file.blobId, start, end)), status, headers);
}
