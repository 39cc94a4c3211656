import { Hono } from 'hono';
import { ossError } from '../../http/errors';
import { contentLength, requestBody } from './blob-write';
import type { OssContext } from './context';
import { downloadFields, serveDownload } from './downloads';
import { MAX_PARTS } from './limits';
import { partFields, putPart } from './uploads';

/**
 * `/oss/v2/signed/…`: what S3 does for the real service. No token and no rate limit: each URL
 * carries its own signature and expiry, checked before anything is read or written.
 */
export function signedRoutes(oss: OssContext) {
  const router = new Hono();

  router.put('/uploads/:uploadKey/parts/:partNumber', async (c) => {
    const uploadKey = c.req.param('uploadKey');
    const partNumber = Number(c.req.param('partNumber'));
    (await oss.signer()).check(c, partFields(uploadKey, partNumber), oss.clock.now());
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PARTS)
      throw ossError(400, 'Not a part number.');
    const length = contentLength(c.req.header('content-length'));
    const tag = await putPart(oss, uploadKey, partNumber, requestBody(c), length);
    return c.body(null, 200, { ETag: tag });
  });

  // Hono answers HEAD with this handler too; serveDownload then sends the headers alone.
  router.get('/objects/:objectId', async (c) => {
    const objectId = c.req.param('objectId');
    (await oss.signer()).check(c, downloadFields(objectId), oss.clock.now());
    return serveDownload(oss, c, objectId);
  });
  return router;
}
