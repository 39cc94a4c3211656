import { Hono, type Context } from 'hono';
import { bucketFor, type Guard, type OssEnv } from './access';
import { contentLength, metadataFrom, requestBody } from './blob-write';
import type { OssContext } from './context';
import { serveDownload } from './downloads';
import { findObject } from './objects';
import { readJsonObject } from './body';
import { checkOverrideParams } from './override-params';
import { boolParam, regionParam } from './params';
import { putObject } from './put-object';
import { receiveChunk } from './resumable';
import { serializeObject } from './serializers';
import {
  accessParam,
  createSignedResource,
  deletableResource,
  parseCreateBody,
  resourceFor,
  sendsBytes,
  spend,
} from './signed-resources';

/** The region a client names (query `region`, header `x-ads-region`) must be a real one; the bucket's own decides. */
function checkRegion(c: Context) {
  regionParam(c.req.query('region'), 'region');
  regionParam(c.req.header('x-ads-region'), 'x-ads-region');
}

/**
 * OSS signed resources: `POST …/objects/{objectKey}/signed` makes one (bucket owner, token), and
 * `/signedresources/{hash}` uses it without a token, as the real service's URLs are used, so no app's
 * rate limit applies; deleting one takes the owner's token again.
 */
export function signedResourceRoutes(oss: OssContext, guard: Guard) {
  const router = new Hono<OssEnv>();

  router.post('/buckets/:bucketKey/objects/:objectKey/signed', guard(['data:write']), async (c) => {
    const access = accessParam(c.req.query('access'));
    boolParam(c.req.query('useCdn'), 'useCdn');
    const bucket = await bucketFor(oss, c.req.param('bucketKey'), c.get('principal'), 'owner');
    const request = parseCreateBody(await readJsonObject(c, undefined, { optional: true }));
    return c.json(await createSignedResource(oss, bucket, c.req.param('objectKey'), access, request));
  });

  // Hono answers HEAD with this handler too: serveDownload then sends the headers alone, and HEAD spends nothing.
  router.get('/signedresources/:hash', async (c) => {
    checkRegion(c);
    checkOverrideParams(c);
    const { resource, bucket } = await resourceFor(oss, c.req.param('hash'), 'read');
    const object = await findObject(oss, bucket, resource.objectKey);
    if (resource.singleUse && sendsBytes(c, object)) await spend(oss, resource);
    return serveDownload(oss, c, object.id);
  });

  router.put('/signedresources/:hash', async (c) => {
    checkRegion(c);
    const { resource, bucket } = await resourceFor(oss, c.req.param('hash'), 'write');
    const object = await putObject(oss, bucket, resource.objectKey, {
      body: requestBody(c),
      contentLength: contentLength(c.req.header('content-length')),
      ifMatch: c.req.header('if-match'),
      expectedSha1: c.req.header('x-ads-content-sha1'),
      meta: metadataFrom((name) => c.req.header(name), ''),
      beforeCommit: resource.singleUse ? () => spend(oss, resource) : undefined,
    });
    return c.json(serializeObject(oss.base(), object));
  });

  router.put('/signedresources/:hash/resumable', async (c) => {
    checkRegion(c);
    const { resource, bucket } = await resourceFor(oss, c.req.param('hash'), 'write');
    return receiveChunk(
      oss,
      c,
      bucket,
      resource.objectKey,
      resource.singleUse ? () => spend(oss, resource) : undefined,
    );
  });

  router.delete('/signedresources/:hash', guard(['data:write']), async (c) => {
    checkRegion(c);
    const hash = c.req.param('hash');
    const resource = await deletableResource(oss, hash);
    await bucketFor(oss, resource.bucketKey, c.get('principal'), 'owner');
    await oss.stores.ossSignedResources.delete(resource.id);
    return c.text(`Signed resource deleted successfully: ${hash}`);
  });
  return router;
}
