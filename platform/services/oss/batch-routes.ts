import { Hono, type Context } from 'hono';
import { bucketFor, type Guard, type OssEnv } from './access';
import { batchComplete, batchSignDownload, batchSignUpload } from './batch';
import { parseBatch } from './batch-items';
import { readJsonObject } from './body';
import type { OssContext } from './context';
import { DEFAULT_URL_MINUTES } from './limits';
import { boolParam, intParam } from './params';

/**
 * The batch forms of the OpenAPI (`POST …/objects/batchsigneds3upload`, `…/batchsigneds3download`,
 * `…/batchcompleteupload`): the single operations for up to 25 objects, with one result (or error) each.
 */
export function batchRoutes(oss: OssContext, guard: Guard) {
  const router = new Hono<OssEnv>();
  const bucket = (c: Context<OssEnv>, need: 'read' | 'write') =>
    bucketFor(oss, c.req.param('bucketKey') ?? '', c.get('principal'), need);
  const minutes = (c: Context) =>
    intParam(c.req.query('minutesExpiration'), 'minutesExpiration', 1, 60, DEFAULT_URL_MINUTES);

  router.post('/:bucketKey/objects/batchsigneds3upload', guard(['data:write', 'data:create']), async (c) => {
    boolParam(c.req.query('useAcceleration'), 'useAcceleration');
    const expiry = minutes(c);
    const target = await bucket(c, 'write');
    return c.json(await batchSignUpload(oss, target, parseBatch(await readJsonObject(c)), expiry));
  });

  router.post('/:bucketKey/objects/batchsigneds3download', guard(['data:read']), async (c) => {
    boolParam(c.req.query('useCdn'), 'useCdn');
    boolParam(c.req.query('public-resource-fallback'), 'public-resource-fallback');
    const expiry = minutes(c);
    const target = await bucket(c, 'read');
    return c.json(await batchSignDownload(oss, target, parseBatch(await readJsonObject(c)), expiry));
  });

  router.post('/:bucketKey/objects/batchcompleteupload', guard(['data:write', 'data:create']), async (c) => {
    const target = await bucket(c, 'write');
    return c.json(await batchComplete(oss, target, parseBatch(await readJsonObject(c))));
  });
  return router;
}
