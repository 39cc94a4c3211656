import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BucketObjectsResponse } from '../../../contracts/oss';
import { createBucket, objectPath, putObject, serverApp, someBytes } from '../../testing/oss';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

describe('a bucket listing answered from memory', () => {
  it('tells of every change to the bucket at the next request, plain and compressed, and of expiry', async () => {
    const app = await serverApp(platform);
    let { bearer } = app;
    const { bucketKey } = await createBucket(platform, bearer, 'transient');
    let compressed = 0;
    const list = async (encoding: string, query = '') => {
      const answer = await platform.request(`/oss/v2/buckets/${bucketKey}/objects${query}`, {
        headers: { ...bearer, 'Accept-Encoding': encoding },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      const bytes = Buffer.from(await answer.arrayBuffer());
      const gzipped = answer.headers.get('content-encoding') === 'gzip';
      if (gzipped) compressed++;
      return JSON.parse((gzipped ? gunzipSync(bytes) : bytes).toString()) as BucketObjectsResponse;
    };
    const listed = async (query = '') => {
      const [plain, packed] = [await list('identity', query), await list('gzip', query)];
      expect(packed).toEqual(plain);
      expect(await list('identity', query)).toEqual(plain);
      return plain;
    };
    const keysAndSizes = async () => (await listed()).items.map((item) => `${item.objectKey}:${item.size}`);

    await putObject(platform, bearer, bucketKey, 'a.dwg', someBytes(10));
    await putObject(platform, bearer, bucketKey, 'b.dwg', someBytes(20));
    expect(await keysAndSizes()).toEqual(['a.dwg:10', 'b.dwg:20']);
    await putObject(platform, bearer, bucketKey, 'b.dwg', someBytes(25));
    expect(await keysAndSizes()).toEqual(['a.dwg:10', 'b.dwg:25']);
    await putObject(platform, bearer, bucketKey, 'c.dwg', someBytes(30));
    expect(await keysAndSizes()).toEqual(['a.dwg:10', 'b.dwg:25', 'c.dwg:30']);
    expect((await platform.request(objectPath(bucketKey, 'a.dwg'), { method: 'DELETE', headers: bearer })).status).toBe(
      200,
    );
    expect(await keysAndSizes()).toEqual(['b.dwg:25', 'c.dwg:30']);
    const copied = await platform.request(objectPath(bucketKey, 'b.dwg', '/copyto/d.dwg'), {
      method: 'PUT',
      headers: bearer,
    });
    expect(copied.status).toBe(200);
    expect(await keysAndSizes()).toEqual(['b.dwg:25', 'c.dwg:30', 'd.dwg:25']);

    const firstPage = await listed('?limit=2');
    expect(firstPage.items.map((item) => item.objectKey)).toEqual(['b.dwg', 'c.dwg']);
    expect(firstPage.next).toMatch(/[?&]startAt=c\.dwg/);
    expect((await listed('?limit=2&startAt=c.dwg')).items.map((item) => item.objectKey)).toEqual(['d.dwg']);

    // A transient bucket keeps objects 24 hours: the ones made at first go, the copy made later stays.
    platform.clock.advance(24 * 3600 - 1);
    bearer = await app.freshBearer();
    await putObject(platform, bearer, bucketKey, 'e.dwg', someBytes(5));
    expect(await keysAndSizes()).toEqual(['b.dwg:25', 'c.dwg:30', 'd.dwg:25', 'e.dwg:5']);
    platform.clock.advance(2);
    expect(await keysAndSizes()).toEqual(['e.dwg:5']);
    // The longer listings (over 1 KiB) went compressed to the client that asked.
    expect(compressed).toBeGreaterThan(0);
  });
});
