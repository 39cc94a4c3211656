import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BucketObjectsResponse,
  ObjectDetails,
  OssErrorBody,
  SignedS3UploadResponse,
} from '../../../contracts/oss';
import { createBucket, objectPath, serverApp, sha1, signedRequest, someBytes, type Bytes } from '../../testing/oss';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';
import { sweepExpiredUploads, sweepOrphanBlobs } from './sweepers';

const MIN_PART = 1024;
const MAX_PART = 64 * 1024;

// One platform per file: every test makes its own apps and buckets, so they do not meet.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform({ ossLimits: { minPartBytes: MIN_PART, maxPartBytes: MAX_PART } });
});
afterAll(() => platform.close());

const blobFiles = async () => (await readdir(platform.blobDir)).filter((name) => name !== 'tmp');

async function setUp() {
  const app = await serverApp(platform);
  const { bucketKey } = await createBucket(platform, app.bearer);
  const sign = async (objectKey: string, query: string) => {
    const response = await platform.request(objectPath(bucketKey, objectKey, `/signeds3upload?${query}`), {
      headers: app.bearer,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as SignedS3UploadResponse;
  };
  const complete = (objectKey: string, body: object, headers: Record<string, string> = {}) =>
    platform.request(objectPath(bucketKey, objectKey, '/signeds3upload'), {
      method: 'POST',
      headers: { ...app.bearer, 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const list = async () =>
    (
      (await (
        await platform.request(`/oss/v2/buckets/${bucketKey}/objects`, { headers: app.bearer })
      ).json()) as BucketObjectsResponse
    ).items;
  return { ...app, bucketKey, sign, complete, list };
}

const put = (url: string, bytes: Bytes) => signedRequest(platform, url, { method: 'PUT', body: bytes });

describe('signed multipart upload', () => {
  it('uploads parts to signed URLs without a token and makes the object appear only when completed', async () => {
    const { sign, complete, list } = await setUp();
    const parts = [someBytes(MIN_PART + 5), someBytes(MIN_PART), someBytes(17)];
    const signed = await sign('model.rvt', 'parts=3&firstPart=1&minutesExpiration=5');
    expect(signed.urls).toHaveLength(3);
    expect(signed.urls[0]).toMatch(
      /^http:\/\/platform\.test\/oss\/v2\/signed\/uploads\/[\w-]+\/parts\/1\?expires=\d+&signature=/,
    );
    expect(new Date(signed.urlExpiration).getTime()).toBe(platform.clock.now().getTime() + 5 * 60_000);
    expect(new Date(signed.uploadExpiration).getTime()).toBe(platform.clock.now().getTime() + 24 * 3600_000);
    const eTags: string[] = [];
    for (const [index, bytes] of parts.entries()) {
      const response = await put(signed.urls[index]!, bytes);
      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toMatch(/^"[0-9a-z]{34}"$/);
      eTags.push(response.headers.get('etag')!);
    }
    expect(await list()).toEqual([]);
    const whole = Buffer.concat(parts);
    const done = await complete(
      'model.rvt',
      { uploadKey: signed.uploadKey, size: whole.length, eTags },
      { 'x-ads-meta-Content-Type': 'application/vnd.autodesk.revit' },
    );
    expect(done.status).toBe(200);
    expect((await done.json()) as ObjectDetails).toMatchObject({
      objectKey: 'model.rvt',
      size: whole.length,
      sha1: sha1(whole),
      contentType: 'application/vnd.autodesk.revit',
    });
    expect((await list()).map((item) => item.objectKey)).toEqual(['model.rvt']);
    expect((await complete('model.rvt', { uploadKey: signed.uploadKey })).status).toBe(400);
  });

  it('computes the same SHA-1 when parts arrive out of order or are sent twice', async () => {
    const { sign, complete } = await setUp();
    const parts = [someBytes(MIN_PART), someBytes(MIN_PART), someBytes(MIN_PART)];
    const signed = await sign('shuffled', 'parts=3');
    await put(signed.urls[2]!, parts[2]!);
    await put(signed.urls[0]!, someBytes(MIN_PART));
    await put(signed.urls[1]!, parts[1]!);
    await put(signed.urls[0]!, parts[0]!);
    const done = (await (await complete('shuffled', { uploadKey: signed.uploadKey })).json()) as ObjectDetails;
    expect(done.sha1).toBe(sha1(Buffer.concat(parts)));
  });

  it('resumes an upload with the same uploadKey', async () => {
    const { sign, complete } = await setUp();
    const parts = [someBytes(MIN_PART), someBytes(MIN_PART), someBytes(10)];
    const first = await sign('resumed', 'parts=1&firstPart=1');
    await put(first.urls[0]!, parts[0]!);
    const more = await sign('resumed', `parts=2&firstPart=2&uploadKey=${first.uploadKey}`);
    expect(more.uploadKey).toBe(first.uploadKey);
    expect(more.uploadExpiration).toBe(first.uploadExpiration);
    expect(more.urls[0]).toContain('/parts/2?');
    await put(more.urls[0]!, parts[1]!);
    await put(more.urls[1]!, parts[2]!);
    const done = (await (await complete('resumed', { uploadKey: first.uploadKey })).json()) as ObjectDetails;
    expect(done.sha1).toBe(sha1(Buffer.concat(parts)));
    const elsewhere = await platform.request(
      objectPath((await setUp()).bucketKey, 'resumed', `/signeds3upload?uploadKey=${first.uploadKey}`),
      { headers: (await setUp()).bearer },
    );
    expect(elsewhere.status).toBe(403);
  });

  it('refuses a completion with a missing part, a small part, wrong eTags or a wrong size', async () => {
    const { sign, complete, list } = await setUp();
    const signed = await sign('checked', 'parts=3');
    const parts = [someBytes(MIN_PART - 1), someBytes(MIN_PART), someBytes(10)];
    await put(signed.urls[0]!, parts[0]!);
    await put(signed.urls[2]!, parts[2]!);
    const reason = async (body: object) => {
      const response = await complete('checked', { uploadKey: signed.uploadKey, ...body });
      expect(response.status).toBe(400);
      return ((await response.json()) as OssErrorBody).reason;
    };
    expect(await reason({})).toMatch(/Part 2 is missing/);
    await put(signed.urls[1]!, parts[1]!);
    expect(await reason({})).toMatch(/Part 1 .*TooSmall/);
    await put(signed.urls[0]!, someBytes(MIN_PART));
    expect(await reason({ eTags: ['"a"', '"b"', '"c"'] })).toMatch(/eTag of part 1/);
    expect(await reason({ size: 1 })).toMatch(/add up to/);
    expect(await reason({ uploadKey: 'not-a-key' })).toMatch(/uploadKey/);
    expect(await list()).toEqual([]);
  });

  it('refuses a part over the cap with 413 and keeps nothing of it', async () => {
    const { sign } = await setUp();
    const signed = await sign('too-big', 'parts=1');
    const before = await blobFiles();
    expect((await put(signed.urls[0]!, someBytes(MAX_PART + 1))).status).toBe(413);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 17; index++) controller.enqueue(someBytes(4096));
        controller.close();
      },
    });
    expect(
      (await signedRequest(platform, signed.urls[0]!, { method: 'PUT', body: chunked, duplex: 'half' })).status,
    ).toBe(413);
    expect(await blobFiles()).toEqual(before);
    expect(await readdir(`${platform.blobDir}/tmp`)).toEqual([]);
  });
});

describe('signed URL checks', () => {
  it('refuses a tampered signature, part number, upload key or expiry with 403', async () => {
    const { sign } = await setUp();
    const signed = await sign('tampered', 'parts=2');
    const url = new URL(signed.urls[0]!);
    const signature = url.searchParams.get('signature')!;
    const flipped = new URL(url);
    flipped.searchParams.set('signature', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
    const otherPart = new URL(url.toString().replace('/parts/1?', '/parts/2?'));
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const unsigned = new URL(url);
    unsigned.searchParams.delete('signature');
    for (const forged of [flipped, otherPart, later, unsigned]) {
      const response = await put(forged.toString(), someBytes(10));
      expect(response.status).toBe(403);
      expect(((await response.json()) as OssErrorBody).reason).toMatch(/signature/);
    }
    expect((await put(signed.urls[0]!, someBytes(10))).status).toBe(200);
  });

  it('refuses a part URL once it has expired, and a fresh one for the same upload works', async () => {
    const { sign } = await setUp();
    const signed = await sign('late', 'parts=1&minutesExpiration=1');
    platform.clock.advance(60);
    const late = await put(signed.urls[0]!, someBytes(10));
    expect(late.status).toBe(403);
    expect(((await late.json()) as OssErrorBody).reason).toMatch(/expired/);
    const again = await sign('late', `parts=1&uploadKey=${signed.uploadKey}`);
    expect((await put(again.urls[0]!, someBytes(10))).status).toBe(200);
  });

  it('refuses a bad parts, firstPart or minutesExpiration', async () => {
    const { bucketKey, bearer } = await setUp();
    for (const query of [
      'parts=0',
      'parts=26',
      'firstPart=0',
      'firstPart=10000&parts=2',
      'minutesExpiration=61',
      'useAcceleration=maybe',
    ]) {
      expect(
        (await platform.request(objectPath(bucketKey, 'x', `/signeds3upload?${query}`), { headers: bearer })).status,
      ).toBe(400);
    }
  });
});

describe('expiry of uploads', () => {
  it('discards an upload not completed within 24 hours, and the sweep frees its parts', async () => {
    const app = await setUp();
    const signed = await app.sign('abandoned', 'parts=2&minutesExpiration=60');
    await put(signed.urls[0]!, someBytes(MIN_PART));
    const [part] = await platform.stores.oss.listParts(signed.uploadKey);
    expect(await blobFiles()).toContain(part!.blobId);
    platform.clock.advance(24 * 3600);
    const bearer = await app.freshBearer();
    expect((await put(signed.urls[1]!, someBytes(10))).status).toBe(403);
    const complete = await platform.request(objectPath(app.bucketKey, 'abandoned', '/signeds3upload'), {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ uploadKey: signed.uploadKey }),
    });
    expect(complete.status).toBe(400);
    expect(await sweepExpiredUploads(platform.deps)).toBeGreaterThanOrEqual(1);
    expect(await blobFiles()).not.toContain(part!.blobId);
    expect(await platform.stores.oss.listParts(signed.uploadKey)).toEqual([]);
  });

  it('sweeps orphaned blobs only once they are older than the protect window', async () => {
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => (controller.enqueue(someBytes(10)), controller.close()),
    });
    const orphan = await platform.blobs.write(body, { maxBytes: 100 });
    await sweepOrphanBlobs(platform.deps);
    expect(await blobFiles()).toContain(orphan.id);
    platform.clock.advance(601);
    await sweepOrphanBlobs(platform.deps);
    expect(await blobFiles()).not.toContain(orphan.id);
  });
});
