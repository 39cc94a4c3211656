import { Hono } from 'hono';
import { modelDerivativeError } from '../../http/errors';
import { sourceFor, type Guard, type MdEnv } from './access';
import type { MdContext } from './context';
import { derivativeFile, serveFile, signDerivative, signedFields } from './downloads';
import { thumbnailOf } from './thumbnail';

const SIGNED_COOKIES = '/signedcookies';

/** Derivative downloads: signed URLs and cookies, HEAD, the older bearer download, and thumbnails. */
export function downloadRoutes(md: MdContext, guard: Guard) {
  const router = new Hono<MdEnv>();
  const read = guard(['data:read']);

  // A derivative URN arrives as one encoded segment, or with its slashes as `encodeURI` leaves them
  // (`…/manifest/urn:adsk.viewing:fs.file:{urn}/output/…`): the real service serves both, so the rest of
  // the path is read as one parameter and a trailing `/signedcookies` picks the operation.
  router.get('/:urn/manifest/:derivative{.+}', read, async (c) => {
    const source = await sourceFor(md, c, c.req.param('urn'));
    const rest = c.req.param('derivative');
    const cookies = rest.endsWith(SIGNED_COOKIES);
    const found = await derivativeFile(md, source.urn, cookies ? rest.slice(0, -SIGNED_COOKIES.length) : rest);
    if (found.state === 'running') return c.json({ result: 'success' }, 202);
    // Hono answers HEAD with this handler: 200 with Content-Length, or 202 while the derivative is made.
    if (!cookies) return serveFile(md, c, found.file);
    const signed = await signDerivative(md, c, source.urn, found.file);
    for (const cookie of signed.cookies) c.header('Set-Cookie', cookie, { append: true });
    return c.json(signed.body);
  });

  router.get('/:urn/thumbnail', read, async (c) => {
    const source = await sourceFor(md, c, c.req.param('urn'));
    const thumbnail = await thumbnailOf(md, source.urn, c.req.query('width'), c.req.query('height'));
    c.header('x-ads-role', 'rendered');
    c.header('x-ads-size', `[${thumbnail.size},${thumbnail.size}]`);
    c.header('x-ads-name', thumbnail.name);
    c.header('x-ads-job-status', thumbnail.jobStatus);
    return serveFile(md, c, thumbnail.file);
  });
  return router;
}

/** `/modelderivative/v2/signed/…`: what CloudFront does for the real service; no token, the URL's own signature. */
export function signedDownloadRoutes(md: MdContext) {
  const router = new Hono();
  router.get('/derivatives/:urn/:blobId', async (c) => {
    const { urn, blobId } = c.req.param();
    (await md.signer()).check(new URL(c.req.url).searchParams, signedFields(urn, blobId), md.clock.now());
    const file = (await md.stores.mdManifests.files(urn)).find((candidate) => candidate.blobId === blobId);
    if (!file) throw modelDerivativeError(404, 'The derivative no longer exists.');
    return serveFile(md, c, file, c.req.query('response-content-disposition'));
  });
  return router;
}
