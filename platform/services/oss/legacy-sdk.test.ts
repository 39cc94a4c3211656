import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectDetails } from '../../../contracts/oss';
import { legacyObjectsApi, type ForgeCredentials, type ForgeObjectsApi } from '../../testing/forge-apis';
import { listen } from '../../testing/listen';
import { createBucket, serverApp, sha1, someBytes } from '../../testing/oss';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// forge-apis, the legacy official Node SDK, against a listening platform: the deprecated download and
// resumable upload, OSS signed resources, and the bulk upload and download built on the batch forms.
let platform: TestPlatform;
let server: Awaited<ReturnType<typeof listen>>;
let objects: ForgeObjectsApi;
beforeAll(async () => {
  platform = await createTestPlatform();
  server = await listen(platform);
  objects = legacyObjectsApi(server.url);
});
afterAll(async () => {
  await server.close();
  await platform.close();
});

const MiB = 1024 * 1024;

async function bucket(): Promise<{ bucketKey: string; credentials: ForgeCredentials }> {
  const app = await serverApp(platform);
  const { bucketKey } = await createBucket(platform, app.bearer);
  return { bucketKey, credentials: { access_token: app.token } };
}

describe('forge-apis ObjectsApi against the platform', () => {
  it('uploads with the legacy PUT and downloads with getObject, whole and by range', async () => {
    const { bucketKey, credentials } = await bucket();
    const bytes = Buffer.from(someBytes(70_000));
    const put = await objects.uploadObject(bucketKey, 'floor plan.dwg', bytes.length, bytes, {}, null, credentials);
    expect(put.statusCode).toBe(200);
    const whole = await objects.getObject(bucketKey, 'floor plan.dwg', {}, null, credentials);
    expect([whole.statusCode, sha1(whole.body)]).toEqual([200, sha1(bytes)]);
    const part = await objects.getObject(bucketKey, 'floor plan.dwg', { range: 'bytes=100-199' }, null, credentials);
    expect(part.statusCode).toBe(206);
    expect(Buffer.from(part.body).equals(bytes.subarray(100, 200))).toBe(true);
  });

  it('uploads in chunks out of order with uploadChunk, reads the ranges with getStatusBySessionId, and gets the object', async () => {
    const { bucketKey, credentials } = await bucket();
    const bytes = Buffer.from(someBytes(4 * MiB + 500));
    const send = (start: number, end: number) =>
      objects.uploadChunk(
        bucketKey,
        'point cloud.e57',
        end - start + 1,
        `bytes ${start}-${end}/${bytes.length}`,
        'e57-session',
        bytes.subarray(start, end + 1),
        {},
        null,
        credentials,
      );
    const last = await send(4 * MiB, bytes.length - 1);
    expect([last.statusCode, last.headers['range']]).toEqual([202, `bytes=${4 * MiB}-${bytes.length - 1}`]);
    await send(0, 2 * MiB - 1);
    const status = await objects.getStatusBySessionId(bucketKey, 'point cloud.e57', 'e57-session', null, credentials);
    expect([status.statusCode, status.headers['range']]).toEqual([
      202,
      `bytes=0-${2 * MiB - 1},${4 * MiB}-${bytes.length - 1}`,
    ]);
    const done = await send(2 * MiB, 4 * MiB - 1);
    expect(done.statusCode).toBe(200);
    expect(done.body as ObjectDetails).toMatchObject({
      bucketKey,
      objectKey: 'point cloud.e57',
      size: bytes.length,
      sha1: sha1(bytes),
    });
    const back = await objects.getObject(bucketKey, 'point cloud.e57', {}, null, credentials);
    expect(sha1(back.body)).toBe(sha1(bytes));
    await expect(
      objects.getStatusBySessionId(bucketKey, 'point cloud.e57', 'e57-session', null, credentials),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('creates a signed resource, writes through it (whole and resumable), reads it without a token and deletes it', async () => {
    const { bucketKey, credentials } = await bucket();
    const created = await objects.createSignedResource(
      bucketKey,
      'notes.txt',
      { minutesExpiration: 10 },
      { access: 'readwrite' },
      null,
      credentials,
    );
    expect(created.body).toMatchObject({
      signedUrl: expect.stringContaining(`${server.url}/oss/v2/signedresources/`) as string,
      singleUse: false,
    });
    const id = new URL(created.body.signedUrl).pathname.split('/').pop()!;
    const text = Buffer.from('Level 2 slab: 250 mm, C30/37.');
    const put = await objects.uploadSignedResource(id, text.length, text, { contentType: ['text/plain'] }, null, {
      access_token: '',
    });
    expect(put.body as ObjectDetails).toMatchObject({ objectKey: 'notes.txt', size: text.length, sha1: sha1(text) });
    expect((await objects.getSignedResource(id, {}, null, { access_token: '' })).body).toBe(text.toString());

    const big = Buffer.from(someBytes(2 * MiB + 20));
    const first = await objects.uploadSignedResourcesChunk(
      id,
      `bytes 0-${2 * MiB - 1}/${big.length}`,
      'notes-2',
      big.subarray(0, 2 * MiB),
      {},
      null,
      { access_token: '' },
    );
    expect(first.statusCode).toBe(202);
    const second = await objects.uploadSignedResourcesChunk(
      id,
      `bytes ${2 * MiB}-${big.length - 1}/${big.length}`,
      'notes-2',
      big.subarray(2 * MiB),
      {},
      null,
      { access_token: '' },
    );
    expect(second.body as ObjectDetails).toMatchObject({ size: big.length, sha1: sha1(big) });

    const deleted = await objects.deleteSignedResource(id, {}, null, credentials);
    expect([deleted.statusCode, deleted.body]).toEqual([200, `Signed resource deleted successfully: ${id}`]);
    await expect(objects.getSignedResource(id, {}, null, { access_token: '' })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('bulk-uploads with uploadResources (batchsigneds3upload, parts, batchcompleteupload) and bulk-downloads with downloadResources', async () => {
    const { bucketKey, credentials } = await bucket();
    const large = Buffer.from(someBytes(6 * MiB));
    const small = Buffer.from(someBytes(1000));
    const uploaded = await objects.uploadResources(
      bucketKey,
      [
        { objectKey: 'large.rvt', data: large },
        { objectKey: 'small.txt', data: small },
      ],
      {},
      null,
      credentials,
    );
    expect(
      uploaded.map((record) => [
        record.objectKey,
        record.error,
        record.completed?.size,
        record.completed?.parts?.length,
      ]),
    ).toEqual([
      ['large.rvt', undefined, large.length, 2],
      ['small.txt', undefined, small.length, 1],
    ]);
    const stored = await platform.stores.oss.findObject(bucketKey, 'large.rvt', platform.clock.now());
    expect((await platform.stores.oss.extents(stored!.id)).map((extent) => extent.size)).toEqual([5 * MiB, MiB]);

    const downloaded = await objects.downloadResources(
      bucketKey,
      [
        { objectKey: 'large.rvt', responseType: 'arraybuffer' },
        { objectKey: 'small.txt', responseType: 'arraybuffer' },
      ],
      {},
      null,
      credentials,
    );
    expect(
      downloaded.map((record) => [record.objectKey, record.error, sha1(Buffer.from(record.data as ArrayBuffer))]),
    ).toEqual([
      ['large.rvt', undefined, sha1(large)],
      ['small.txt', undefined, sha1(small)],
    ]);
  });
});
