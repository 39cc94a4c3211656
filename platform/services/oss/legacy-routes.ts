import { Hono, type Context } from 'hono';
import { bucketFor, type Guard, type OssEnv } from './access';
import type { OssContext } from './context';
import { serveDownload } from './downloads';
import { findObject } from './objects';
import { checkOverrideParams } from './override-params';
import { receiveChunk, sessionStatus } from './resumable';

/**
 * The deprecated object endpoints that tools still call: the direct download
 * `GET …/objects/{objectKey}` and the resumable upload (`PUT …/resumable`, `GET …/status/{sessionId}`).
 * The matching direct `PUT …/objects/{objectKey}` lives in object-routes.ts.
 */
export function legacyRoutes(oss: OssContext, guard: Guard) {
  const router = new Hono<OssEnv>();
  const bucket = (c: Context<OssEnv>, need: 'read' | 'write') =>
    bucketFor(oss, c.req.param('bucketKey') ?? '', c.get('principal'), need);

  // Hono answers HEAD with this handler too; serveDownload then sends the headers alone.
  router.get('/:bucketKey/objects/:objectKey', guard(['data:read']), async (c) => {
    checkOverrideParams(c);
    const object = await findObject(oss, await bucket(c, 'read'), c.req.param('objectKey'));
    return serveDownload(oss, c, object.id);
  });

  router.put('/:bucketKey/objects/:objectKey/resumable', guard(['data:write', 'data:create']), async (c) =>
    receiveChunk(oss, c, await bucket(c, 'write'), c.req.param('objectKey')),
  );

  router.get('/:bucketKey/objects/:objectKey/status/:sessionId', guard(['data:read', 'data:write']), async (c) =>
    sessionStatus(oss, c, await bucket(c, 'write'), c.req.param('objectKey'), c.req.param('sessionId')),
  );
  return router;
}
