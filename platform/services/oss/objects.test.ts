import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  objectUrn,
  parseObjectUrn,
  type BucketObjectsResponse,
  type ObjectDetails,
  type ObjectFullDetails,
  type OssErrorBody,
} from '../../../contracts/oss';
import { createBucket, objectPath, putObject, serverApp, sha1, someBytes } from '../../testing/oss';
import { createTestPlatform, TEST_ISSUER, type TestPlatform } from '../../testing/test-platform';
import { sweepExpiredObjects } from './sweepers';

// One platform per file: every test makes its own apps and buckets, so they do not meet.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform({ ossLimits: { maxPutBytes: 64 * 1024 } });
});
afterAll(() => platform.close());

const blobFiles = async () => (await readdir(platform.blobDir)).filter((name) => name !== 'tmp').sort();
const tmpFiles = () => readdir(`${platform.blobDir}/tmp`);

describe('PUT /oss/v2/buckets/{bucketKey}/objects/{objectKey}', () => {
  it('stores the bytes and answers the object details with their SHA-1', async () => {
    const { bearer } = await serverApp(platform);
    const { bucketKey } = await createBucket(platform, bearer);
    const bytes = someBytes(10_000);
    const response = await putObject(platform, bearer, bucketKey, 'plans/level 1.dwg', bytes, {
      'Content-Type': 'application/acad',
    });
    expect(response.status).toBe(200);
    expect((await response.json()) as ObjectDetails).toEqual({
      bucketKey,
      objectId: `urn:adsk.objects:os.object:${bucketKey}:plans/level 1.dwg`,
      objectKey: 'plans/level 1.dwg',
      sha1: sha1(bytes),
      size: 10_000,
      contentType: 'application/acad',
      location: `${TEST_ISSUER}/oss/v2/buckets/${bucketKey}/objects/plans%2Flevel%201.dwg`,
    });
  });

  it('replaces an object of the same key and frees the old bytes', async () => {
    const { bearer } = await serverApp(platform);
    const { bucketKey } = await createBucket(platform, bearer);
    await putObject(platform, bearer, bucketKey, 'a.txt', someBytes(100));
    const before = await blobFiles();
    const second = someBytes(200);
    await putObject(platform, bearer, bucketKey, 'a.txt', second);
    const after = await blobFiles();
    expect(after).toHaveLength(before.length);
    const details = (await (
      await platform.request(objectPath(bucketKey, 'a.txt', '/details'), { headers: bearer })
    ).json()) as ObjectDetails;
    expect(details).toMatchObject({ size: 200, sha1: sha1(second) });
  });

  it('keeps nothing when the body is over the cap, shorter than announced, or does not match x-ads-content-sha1', async () => {
    const { bearer } = await serverApp(platform);
    const { bucketKey } = await createBucket(platform, bearer);
    const before = await blobFiles();
    const big = await putObject(platform, bearer, bucketKey, 'big.bin', someBytes(64 * 1024 + 1));
    expect(big.status).toBe(413);
    const wrongHash = await putObject(platform, bearer, bucketKey, 'bad.bin', someBytes(10), {
      'x-ads-content-sha1': sha1(someBytes(10)),
    });
    expect(wrongHash.status).toBe(400);
    expect(((await wrongHash.json()) as OssErrorBody).reason).toMatch(/x-ads-content-sha1/);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 20; index++) controller.enqueue(someBytes(4096));
        controller.close();
      },
    });
    const streamed = await platform.request(objectPath(bucketKey, 'streamed.bin'), {
      method: 'PUT',
      headers: bearer,
      body: chunked,
      duplex: 'half',
    });
    expect(streamed.status).toBe(413);
    expect(await blobFiles()).toEqual(before);
    expect(await tmpFiles()).toEqual([]);
    const list = (await (
      await platform.request(`/oss/v2/buckets/${bucketKey}/objects`, { headers: bearer })
    ).json()) as BucketObjectsResponse;
    expect(list.items).toEqual([]);
  });

  it('answers 412 when If-Match is not the current SHA-1', async () => {
    const { bearer } = await serverApp(platform);
    const { bucketKey } = await createBucket(platform, bearer);
    const first = someBytes(10);
    await putObject(platform, bearer, bucketKey, 'x', first);
    expect((await putObject(platform, bearer, bucketKey, 'x', someBytes(10), { 'If-Match': '"0000"' })).status).toBe(
      412,
    );
    expect(
      (await putObject(platform, bearer, bucketKey, 'x', someBytes(10), { 'If-Match': `"${sha1(first)}"` })).status,
    ).toBe(200);
  });

  it('lets only the owner, and apps the bucket allows, write to it', async () => {
    const owner = await serverApp(platform);
    const reader = await serverApp(platform);
    const stranger = await serverApp(platform);
    const { bucketKey } = await createBucket(platform, owner.bearer);
    await platform.stores.db.query('UPDATE oss_buckets SET permissions = $2 WHERE bucket_key = $1', [
      bucketKey,
      JSON.stringify([{ authId: reader.clientId, access: 'read' }]),
    ]);
    await putObject(platform, owner.bearer, bucketKey, 'shared', someBytes(5));
    expect(
      (await platform.request(objectPath(bucketKey, 'shared', '/details'), { headers: reader.bearer })).status,
    ).toBe(200);
    expect((await putObject(platform, reader.bearer, bucketKey, 'mine', someBytes(5))).status).toBe(403);
    expect(
      (await platform.request(objectPath(bucketKey, 'shared', '/details'), { headers: stranger.bearer })).status,
    ).toBe(403);
    expect((await platform.request(`/oss/v2/buckets/${bucketKey}/objects`, { headers: stranger.bearer })).status).toBe(
      403,
    );
  });
});

describe('listing, details, copy and delete', () => {
  it('lists in key order, filtered by beginsWith, in pages linked by next', async () => {
    const { bearer } = await serverApp(platform);
    const { bucketKey } = await createBucket(platform, bearer);
    for (const key of ['b/2', 'a/1', 'b/1', 'b/3', 'c'])
      await putObject(platform, bearer, bucketKey, key, someBytes(3));
    const page = async (query: string) =>
      (await (
        await platform.request(`/oss/v2/buckets/${bucketKey}/objects?${query}`, { headers: bearer })
      ).json()) as BucketObjectsResponse;
    const first = await page('beginsWith=b%2F&limit=2');
    expect(first.items.map((item) => item.objectKey)).toEqual(['b/1', 'b/2']);
    expect(first.next).toBe(`${TEST_ISSUER}/oss/v2/buckets/${bucketKey}/objects?limit=2&beginsWith=b%2F&startAt=b%2F2`);
    const second = await page(first.next!.split('?')[1]!);
    expect(second.items.map((item) => item.objectKey)).toEqual(['b/3']);
    expect(second.next).toBeUndefined();
    expect((await page('')).items.map((item) => item.objectKey)).toEqual(['a/1', 'b/1', 'b/2', 'b/3', 'c']);
  });

  it('gives details with the extra fields asked for with `with`, and 304 when not modified since', async () => {
    const { bearer } = await serverApp(platform);
    const { bucketKey } = await createBucket(platform, bearer);
    await putObject(platform, bearer, bucketKey, 'm', someBytes(3), { 'x-ads-user-defined-metadata': '{"floor":1}' });
    const plain = (await (
      await platform.request(objectPath(bucketKey, 'm', '/details'), { headers: bearer })
    ).json()) as ObjectFullDetails;
    expect(plain.createdDate).toBeUndefined();
    const full = await platform.request(
      objectPath(bucketKey, 'm', '/details?with=createdDate&with=lastModifiedDate&with=userDefinedMetadata'),
      { headers: bearer },
    );
    expect((await full.json()) as ObjectFullDetails).toMatchObject({
      createdDate: platform.clock.now().getTime(),
      lastModifiedDate: platform.clock.now().getTime(),
      userDefinedMetadata: '{"floor":1}',
    });
    expect(
      (await platform.request(objectPath(bucketKey, 'm', '/details?with=owner'), { headers: bearer })).status,
    ).toBe(400);
    const later = new Date(platform.clock.now().getTime() + 1000).toUTCString();
    expect(
      (
        await platform.request(objectPath(bucketKey, 'm', '/details'), {
          headers: { ...bearer, 'If-Modified-Since': later },
        })
      ).status,
    ).toBe(304);
    expect((await platform.request(objectPath(bucketKey, 'nope', '/details'), { headers: bearer })).status).toBe(404);
  });

  it('copies to a new name sharing the bytes, and deleting one leaves the other whole', async () => {
    const { bearer } = await serverApp(platform);
    const { bucketKey } = await createBucket(platform, bearer);
    const bytes = someBytes(1000);
    await putObject(platform, bearer, bucketKey, 'original', bytes);
    const before = await blobFiles();
    const copy = await platform.request(
      objectPath(bucketKey, 'original', `/copyto/${encodeURIComponent('copy of original')}`),
      { method: 'PUT', headers: bearer },
    );
    expect(copy.status).toBe(200);
    expect((await copy.json()) as ObjectDetails).toMatchObject({
      objectKey: 'copy of original',
      sha1: sha1(bytes),
      size: 1000,
    });
    expect(await blobFiles()).toEqual(before);
    expect(
      (await platform.request(objectPath(bucketKey, 'original'), { method: 'DELETE', headers: bearer })).status,
    ).toBe(200);
    expect(await blobFiles()).toEqual(before);
    expect(
      (await platform.request(objectPath(bucketKey, 'original'), { method: 'DELETE', headers: bearer })).status,
    ).toBe(404);
    expect(
      (await platform.request(objectPath(bucketKey, 'copy of original'), { method: 'DELETE', headers: bearer })).status,
    ).toBe(200);
    expect((await blobFiles()).length).toBe(before.length - 1);
    expect(
      (await platform.request(objectPath(bucketKey, 'gone', '/copyto/x'), { method: 'PUT', headers: bearer })).status,
    ).toBe(404);
  });

  it('deleting a bucket deletes its objects and their bytes', async () => {
    const { bearer } = await serverApp(platform);
    const { bucketKey } = await createBucket(platform, bearer);
    const before = await blobFiles();
    await putObject(platform, bearer, bucketKey, 'one', someBytes(10));
    await putObject(platform, bearer, bucketKey, 'two', someBytes(10));
    expect((await blobFiles()).length).toBe(before.length + 2);
    await platform.request(`/oss/v2/buckets/${bucketKey}`, { method: 'DELETE', headers: bearer });
    expect(await blobFiles()).toEqual(before);
  });
});

describe('retention', () => {
  it.each([
    ['transient', 24 * 3600],
    ['temporary', 30 * 24 * 3600],
  ] as const)('removes objects of a %s bucket after %i seconds', async (policyKey, seconds) => {
    const app = await serverApp(platform);
    let bearer = app.bearer;
    const { bucketKey } = await createBucket(platform, bearer, policyKey);
    await putObject(platform, bearer, bucketKey, 'short-lived', someBytes(10));
    platform.clock.advance(seconds - 1);
    bearer = await app.freshBearer();
    expect((await platform.request(objectPath(bucketKey, 'short-lived', '/details'), { headers: bearer })).status).toBe(
      200,
    );
    platform.clock.advance(1);
    expect((await platform.request(objectPath(bucketKey, 'short-lived', '/details'), { headers: bearer })).status).toBe(
      404,
    );
    const before = (await blobFiles()).length;
    expect(await sweepExpiredObjects(platform.deps)).toBeGreaterThanOrEqual(1);
    expect((await blobFiles()).length).toBeLessThan(before);
  });

  it('keeps objects of a persistent bucket', async () => {
    const app = await serverApp(platform);
    const { bucketKey } = await createBucket(platform, app.bearer, 'persistent');
    await putObject(platform, app.bearer, bucketKey, 'kept', someBytes(10));
    platform.clock.advance(365 * 24 * 3600);
    await sweepExpiredObjects(platform.deps);
    expect(
      (await platform.request(objectPath(bucketKey, 'kept', '/details'), { headers: await app.freshBearer() })).status,
    ).toBe(200);
  });
});

describe('object URNs', () => {
  it('reads the spec shape and the real service shape alike', () => {
    expect(objectUrn('plans', 'a:b/c.dwg')).toBe('urn:adsk.objects:os.object:plans:a:b/c.dwg');
    expect(parseObjectUrn('urn:adsk.objects:os.object:plans:a:b/c.dwg')).toEqual({
      bucketKey: 'plans',
      objectKey: 'a:b/c.dwg',
    });
    expect(parseObjectUrn('urn:adsk.objects:os.object:plans/a:b/c.dwg')).toEqual({
      bucketKey: 'plans',
      objectKey: 'a:b/c.dwg',
    });
    expect(parseObjectUrn('urn:adsk.objects:os.object:plans')).toBeUndefined();
    expect(parseObjectUrn('urn:adsk.wipprod:dm.lineage:x')).toBeUndefined();
  });
});
