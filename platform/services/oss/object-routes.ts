import { Hono, type Context } from 'hono';
import { jsonAnswer, jsonBytes } from '../../http/json-answer';
import { pageMemory } from '../../shared/page-memory';
import { bucketFor, type Guard, type OssEnv } from './access';
import { contentLength, metadataFrom, requestBody } from './blob-write';
import { readJsonObject } from './body';
import type { OssContext } from './context';
import { notModified, OVERRIDES, signDownload, type Overrides } from './downloads';
import { DEFAULT_URL_MINUTES, MAX_URLS_PER_REQUEST } from './limits';
import { copyObject, deleteObject, detailFields, findObject, listObjectRows, objectsAnswer } from './objects';
import { boolParam, intParam, textParam } from './params';
import { putObject } from './put-object';
import { serializeFullObject, serializeObject } from './serializers';
import { completeUpload, signUpload } from './uploads';

const READ = ['data:read'];
const WRITE = ['data:write', 'data:create'];

/** `/oss/v2/buckets/{bucketKey}/objects…`: thin handlers over objects.ts, uploads.ts and downloads.ts. */
export function objectRoutes(oss: OssContext, guard: Guard) {
  const router = new Hono<OssEnv>();
  // A bucket's listing, read from memory until a write, is encoded once (see page-memory.ts).
  const pages = pageMemory();
  const bucket = (c: Context<OssEnv>, need: 'read' | 'write') =>
    bucketFor(oss, c.req.param('bucketKey') ?? '', c.get('principal'), need);

  router.get('/:bucketKey/objects', guard(READ), async (c) => {
    const page = {
      limit: intParam(c.req.query('limit'), 'limit', 1, 100, 10),
      beginsWith: textParam(c.req.query('beginsWith'), 'beginsWith'),
      startAt: textParam(c.req.query('startAt'), 'startAt'),
    };
    const target = await bucket(c, 'read');
    const rows = await listObjectRows(oss, target, page);
    const render = () => jsonBytes(objectsAnswer(oss.base(), target.bucketKey, page, rows));
    return jsonAnswer(rows.length ? pages.page([rows], c.req.url, render) : render());
  });

  router.put('/:bucketKey/objects/:objectKey', guard(WRITE), async (c) => {
    const object = await putObject(oss, await bucket(c, 'write'), c.req.param('objectKey'), {
      body: requestBody(c),
      contentLength: contentLength(c.req.header('content-length')),
      ifMatch: c.req.header('if-match'),
      expectedSha1: c.req.header('x-ads-content-sha1'),
      meta: metadataFrom((name) => c.req.header(name), ''),
    });
    return c.json(serializeObject(oss.base(), object));
  });

  router.get('/:bucketKey/objects/:objectKey/details', guard(READ), async (c) => {
    const fields = detailFields(c.req.queries('with') ?? []);
    const object = await findObject(oss, await bucket(c, 'read'), c.req.param('objectKey'));
    if (notModified(object, undefined, c.req.header('if-modified-since'))) return c.body(null, 304);
    return c.json(serializeFullObject(oss.base(), object, fields));
  });

  router.delete('/:bucketKey/objects/:objectKey', guard(['data:write']), async (c) => {
    await deleteObject(oss, await bucket(c, 'write'), c.req.param('objectKey'));
    return c.body(null, 200);
  });

  router.put('/:bucketKey/objects/:objectKey/copyto/:newObjectKey', guard(WRITE), async (c) => {
    const object = await copyObject(
      oss,
      await bucket(c, 'write'),
      c.req.param('objectKey'),
      c.req.param('newObjectKey'),
    );
    return c.json(serializeObject(oss.base(), object));
  });

  router.get('/:bucketKey/objects/:objectKey/signeds3upload', guard(WRITE), async (c) => {
    boolParam(c.req.query('useAcceleration'), 'useAcceleration');
    const request = {
      parts: intParam(c.req.query('parts'), 'parts', 1, MAX_URLS_PER_REQUEST, 1),
      firstPart: intParam(c.req.query('firstPart'), 'firstPart', 1, 10_000, 1),
      uploadKey: textParam(c.req.query('uploadKey'), 'uploadKey', 256),
      minutes: intParam(c.req.query('minutesExpiration'), 'minutesExpiration', 1, 60, DEFAULT_URL_MINUTES),
    };
    return c.json(await signUpload(oss, await bucket(c, 'write'), c.req.param('objectKey'), request));
  });

  router.post('/:bucketKey/objects/:objectKey/signeds3upload', guard(WRITE), async (c) => {
    const target = await bucket(c, 'write');
    const object = await completeUpload(
      oss,
      target,
      c.req.param('objectKey'),
      await readJsonObject(c),
      metadataFrom((name) => c.req.header(name), 'x-ads-meta-'),
    );
    return c.json(serializeObject(oss.base(), object));
  });

  router.get('/:bucketKey/objects/:objectKey/signeds3download', guard(READ), async (c) => {
    boolParam(c.req.query('useCdn'), 'useCdn');
    boolParam(c.req.query('public-resource-fallback'), 'public-resource-fallback');
    const minutes = intParam(c.req.query('minutesExpiration'), 'minutesExpiration', 1, 60, DEFAULT_URL_MINUTES);
    const overrides: Overrides = {};
    for (const name of OVERRIDES) {
      const value = textParam(c.req.query(name), name);
      if (value !== undefined) overrides[name] = value;
    }
    const { object, response } = await signDownload(
      oss,
      await bucket(c, 'read'),
      c.req.param('objectKey'),
      minutes,
      overrides,
    );
    if (notModified(object, c.req.header('if-none-match'), c.req.header('if-modified-since'))) return c.body(null, 304);
    return c.json(response);
  });
  return router;
}
