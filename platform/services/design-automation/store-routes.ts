import { Hono, type Context } from 'hono';
import { Readable } from 'node:stream';
import { HttpError } from '../../http/errors';
import { BlobTooLargeError } from '../../storage/blobs/blob-store';
import type { DaContext } from './context';
import { freeBlobs } from './items';
import { checkUploadForm } from './upload-form';
import { MalformedFormError, readUploadForm } from './upload-stream';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** S3's XML error, which the store answers with as the real service's S3 bucket does. */
export const s3Error = (status: 400 | 403 | 404, code: string, message: string) =>
  new HttpError(
    status,
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`,
    { 'Content-Type': 'application/xml' },
  );

function checkSigned(grant: 'ok' | 'forged' | 'expired') {
  if (grant === 'forged')
    throw s3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature does not match: the URL is incomplete or was changed.',
    );
  if (grant === 'expired') throw s3Error(403, 'AccessDenied', 'Request has expired.');
}

function serveBlob(da: DaContext, c: Context, blobId: string | null, size: number | null, type: string) {
  if (!blobId || size === null) throw s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
  const chunks = size > 0 ? da.blobs.read(blobId, 0, size - 1) : Readable.from([]);
  return c.body(Readable.toWeb(Readable.from(chunks)) as ReadableStream, 200, {
    'Content-Type': type,
    'Content-Length': String(size),
  });
}

/**
 * `/da/store`: what S3 is to the real service. The appbundle upload form (a browser POST, signed
 * policy, up to 100 MB streamed to a blob) and signed downloads of packages, reports and debug zips.
 * No token and no rate limit: each request carries its own signature.
 */
export function storeRoutes(da: DaContext) {
  const router = new Hono();
  const grants = async (c: Context) =>
    (await da.signer()).grants(c.req.path, new URL(c.req.url).searchParams, da.clock.now());

  router.post('/', async (c) => {
    try {
      const { grant, sha1 } = await readUploadForm(
        c.req.raw.body,
        c.req.header('content-type') ?? '',
        async (fields, file) => {
          const grant = await checkUploadForm(da, fields);
          if ('code' in grant)
            throw s3Error(
              grant.code === 'InvalidArgument' || grant.code === 'MalformedPOSTRequest' ? 400 : 403,
              grant.code,
              grant.message,
            );
          const key = { kind: 'appbundle' as const, owner: grant.owner, name: grant.name };
          if (!(await da.stores.daItems.version(key, grant.version)))
            throw s3Error(404, 'NoSuchKey', 'The appbundle version this form is for was deleted.');
          const written = await da.blobs.write(file, { maxBytes: grant.maxBytes });
          const set = await da.stores.daItems.setPackage(key, grant.version, written, da.clock.now());
          await freeBlobs(da, [set === 'missing' ? written.id : set.replaced]);
          if (set === 'missing') throw s3Error(404, 'NoSuchKey', 'The appbundle version this form is for was deleted.');
          return { grant, sha1: written.sha1 };
        },
      );
      const location = `${da.base()}/da/store/${encodeURIComponent(grant.key)}`;
      const headers = { Location: location, ETag: `"${sha1}"` };
      if (grant.successStatus !== 201) return c.body(null, grant.successStatus, headers);
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Location>${escapeXml(location)}</Location><Bucket>da-store</Bucket><Key>${escapeXml(grant.key)}</Key><ETag>"${sha1}"</ETag></PostResponse>`;
      return c.body(xml, 201, { ...headers, 'Content-Type': 'application/xml' });
    } catch (error) {
      if (error instanceof BlobTooLargeError)
        throw s3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size (100 MB).');
      if (error instanceof MalformedFormError)
        throw s3Error(
          400,
          'MalformedPOSTRequest',
          `The body of your POST request is not well-formed multipart/form-data: ${error.message}`,
        );
      throw error;
    }
  });

  router.get('/apps/:owner/:name/:version', async (c) => {
    checkSigned(await grants(c));
    const record = await da.stores.daItems.version(
      { kind: 'appbundle', owner: c.req.param('owner'), name: c.req.param('name') },
      Number(c.req.param('version')),
    );
    return serveBlob(da, c, record?.blobId ?? null, record?.blobSize ?? null, 'application/zip');
  });

  router.get('/workItem/:owner/:id/:file', async (c) => {
    checkSigned(await grants(c));
    const workitem = await da.stores.daWorkitems.find(c.req.param('id'));
    const file = c.req.param('file');
    if (!workitem || workitem.owner !== c.req.param('owner') || (file !== 'report.txt' && file !== 'debugInfo.zip'))
      throw s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    const [blobId, size] =
      file === 'report.txt' ? [workitem.reportBlobId, workitem.reportSize] : [workitem.debugBlobId, workitem.debugSize];
    return serveBlob(da, c, blobId, size, file === 'report.txt' ? 'text/plain; charset=utf-8' : 'application/zip');
  });
  return router;
}
