import { Hono } from 'hono';
import { bucketFor, type Guard, type OssEnv } from './access';
import { readJsonObject } from './body';
import { createBucket, deleteBucket, listBuckets } from './buckets';
import type { OssContext } from './context';
import { intParam, regionParam, textParam } from './params';
import { serializeBucket } from './serializers';

/** `/oss/v2/buckets` and `/oss/v2/buckets/{bucketKey}`: thin handlers over buckets.ts. */
export function bucketRoutes(oss: OssContext, guard: Guard) {
  const router = new Hono<OssEnv>();

  router.get('/', guard(['bucket:read']), async (c) => {
    const page = {
      region: regionParam(c.req.query('region'), 'region'),
      limit: intParam(c.req.query('limit'), 'limit', 1, 100, 10),
      startAt: textParam(c.req.query('startAt'), 'startAt'),
    };
    return c.json(await listBuckets(oss, c.get('token').clientId, page));
  });

  router.post('/', guard(['bucket:create']), async (c) => {
    // The spec names a `region` header; the SDK sends `x-ads-region`. When both come, `region` wins.
    const region = regionParam(c.req.header('region') ?? c.req.header('x-ads-region'), 'region');
    const bucket = await createBucket(oss, c.get('token').clientId, await readJsonObject(c), region);
    return c.json(serializeBucket(bucket));
  });

  router.get('/:bucketKey/details', guard(['bucket:read']), async (c) => {
    const bucket = await bucketFor(oss, c.req.param('bucketKey'), c.get('principal'), 'owner');
    return c.json(serializeBucket(bucket));
  });

  router.delete('/:bucketKey', guard(['bucket:delete']), async (c) => {
    const bucket = await bucketFor(oss, c.req.param('bucketKey'), c.get('principal'), 'owner');
    await deleteBucket(oss, bucket.bucketKey);
    return c.body(null, 200);
  });
  return router;
}
