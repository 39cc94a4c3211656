import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OssErrorBody } from '../../../contracts/oss';
import { createBucket, objectPath, putObject, serverApp } from '../../testing/oss';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// Issue 26: text PostgreSQL cannot hold (NUL, lone surrogates) in a query or body field gets OSS's
// own 400 `{reason}`, never a 500; names keep their own rules (also 400).
let platform: TestPlatform;
let bearer: Record<string, string>;
let bucketKey: string;
beforeAll(async () => {
  platform = await createTestPlatform();
  bearer = (await serverApp(platform)).bearer;
  bucketKey = (await createBucket(platform, bearer)).bucketKey;
  expect((await putObject(platform, bearer, bucketKey, 'model.ifc', new Uint8Array([1, 2, 3]))).status).toBe(200);
});
afterAll(() => platform.close());

async function expectReason(response: Response, status: number) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as OssErrorBody;
  expect(typeof body.reason).toBe('string');
}
const get = (path: string) => platform.request(path, { headers: bearer });

describe('query parameters', () => {
  it('answers 400 {reason} to a NUL in startAt, beginsWith and uploadKey', async () => {
    await expectReason(await get('/oss/v2/buckets?startAt=%00'), 400);
    await expectReason(await get(`/oss/v2/buckets/${bucketKey}/objects?startAt=a%00`), 400);
    await expectReason(await get(`/oss/v2/buckets/${bucketKey}/objects?beginsWith=%00`), 400);
    await expectReason(await get(`${objectPath(bucketKey, 'model.ifc')}/signeds3upload?uploadKey=%00`), 400);
    await expectReason(await get(`${objectPath(bucketKey, 'model.ifc')}/details?with=%00`), 400);
  });

  it('answers 400 to a lone surrogate or a broken UTF-8 escape in a query value', async () => {
    await expectReason(await get(`/oss/v2/buckets/${bucketKey}/objects?beginsWith=%ED%A0%80`), 400);
    await expectReason(await get(`/oss/v2/buckets/${bucketKey}/objects?startAt=%FF`), 400);
  });

  it('still lists with Unicode and plus signs in beginsWith', async () => {
    expect((await putObject(platform, bearer, bucketKey, 'plan+é 1.ifc', new Uint8Array([1]))).status).toBe(200);
    const response = await get(`/oss/v2/buckets/${bucketKey}/objects?beginsWith=${encodeURIComponent('plan+é')}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { items: { objectKey: string }[] }).items.map((item) => item.objectKey)).toEqual(
      ['plan+é 1.ifc'],
    );
  });
});

describe('bodies and paths', () => {
  it('answers 400 {reason} to a NUL in the uploadKey of a completion body', async () => {
    const response = await platform.request(`${objectPath(bucketKey, 'model.ifc')}/signeds3upload`, {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ uploadKey: 'a\u0000b' }),
    });
    await expectReason(response, 400);
  });

  it('answers 400 {reason} to a NUL in a bucket body and in bucket and object keys of the path', async () => {
    const create = await platform.request('/oss/v2/buckets', {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ bucketKey: 'ok-name', policyKey: 'transient\u0000' }),
    });
    await expectReason(create, 400);
    await expectReason(await get('/oss/v2/buckets/a%00b/details'), 400);
    await expectReason(await get(`/oss/v2/buckets/${bucketKey}/objects/a%00b/details`), 400);
    const copy = await platform.request(`${objectPath(bucketKey, 'model.ifc')}/copyto/a%00b`, {
      method: 'PUT',
      headers: bearer,
    });
    await expectReason(copy, 400);
  });

  it('answers 400 {reason} to a NUL in the path of a signed URL, before its signature is read', async () => {
    await expectReason(await platform.request('/oss/v2/signed/objects/a%00b?token=x'), 400);
    await expectReason(await platform.request('/oss/v2/signed/uploads/%00/parts/1', { method: 'PUT', body: 'x' }), 400);
  });
});
