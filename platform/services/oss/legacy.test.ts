import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectDetails, OssErrorBody, ResumableAcceptedBody } from '../../../contracts/oss';
import { createBucket, objectPath, putObject, serverApp, sha1, someBytes, type Bytes } from '../../testing/oss';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';
import { sweepExpiredUploads } from './sweepers';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const MiB = 1024 * 1024;
const reason = async (response: Response) => ((await response.json()) as OssErrorBody).reason;

async function bucket() {
  const app = await serverApp(platform);
  const { bucketKey } = await createBucket(platform, app.bearer);
  return { ...app, bucketKey };
}

/** One chunk of `bytes`, `start` to `end` inclusive, as the legacy clients send it. */
function chunk(
  target: { bearer: Record<string, string>; bucketKey: string },
  objectKey: string,
  bytes: Bytes,
  start: number,
  end: number,
  headers: Record<string, string> = {},
) {
  return platform.request(objectPath(target.bucketKey, objectKey, '/resumable'), {
    method: 'PUT',
    headers: {
      ...target.bearer,
      'Content-Type': 'application/octet-stream',
      'Content-Range': `bytes ${start}-${end}/${bytes.length}`,
      'Session-Id': 'session-1',
      ...headers,
    },
    body: bytes.slice(start, end + 1),
  });
}

const status = (
  target: { bearer: Record<string, string>; bucketKey: string },
  objectKey: string,
  sessionId = 'session-1',
) => platform.request(objectPath(target.bucketKey, objectKey, `/status/${sessionId}`), { headers: target.bearer });

async function blobCount() {
  let count = 0;
  for await (const blob of platform.blobs.list()) if (blob) count++;
  return count;
}

describe('GET …/objects/{objectKey} (legacy download)', () => {
  it('serves the object to a token with data:read, with Range, HEAD, If-None-Match and 416', async () => {
    const target = await bucket();
    const bytes = someBytes(4000);
    await putObject(platform, target.bearer, target.bucketKey, 'site plan.dwg', bytes, {
      'Content-Type': 'application/acad',
    });
    const path = objectPath(target.bucketKey, 'site plan.dwg');
    const whole = await platform.request(path, { headers: target.bearer });
    expect([whole.status, whole.headers.get('content-type'), whole.headers.get('etag')]).toEqual([
      200,
      'application/acad',
      `"${sha1(bytes)}"`,
    ]);
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    const part = await platform.request(path, { headers: { ...target.bearer, Range: 'bytes=1000-1999' } });
    expect([part.status, part.headers.get('content-range')]).toEqual([206, 'bytes 1000-1999/4000']);
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(bytes.subarray(1000, 2000)))).toBe(true);
    const head = await platform.request(path, { method: 'HEAD', headers: target.bearer });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, '4000']);
    expect(
      (await platform.request(path, { headers: { ...target.bearer, 'If-None-Match': `"${sha1(bytes)}"` } })).status,
    ).toBe(304);
    expect((await platform.request(path, { headers: { ...target.bearer, Range: 'bytes=4000-' } })).status).toBe(416);
    expect(
      (await platform.request(objectPath(target.bucketKey, 'missing.dwg'), { headers: target.bearer })).status,
    ).toBe(404);
  });

  it('wants a token, and answers another app 403 Bucket owner mismatch', async () => {
    const target = await bucket();
    await putObject(platform, target.bearer, target.bucketKey, 'a.txt', someBytes(10));
    expect((await platform.request(objectPath(target.bucketKey, 'a.txt'))).status).toBe(401);
    const other = await serverApp(platform);
    const refused = await platform.request(objectPath(target.bucketKey, 'a.txt'), { headers: other.bearer });
    expect(refused.status).toBe(403);
    expect(await reason(refused)).toContain('Bucket owner mismatch');
  });
});

describe('PUT …/objects/{objectKey}/resumable and GET …/status/{sessionId}', () => {
  it('takes chunks out of order, answers 202 with the ranges received, and makes the object from the chunks without copying them', async () => {
    const target = await bucket();
    const bytes = someBytes(4 * MiB + 1000);
    const third = await chunk(target, 'scan.e57', bytes, 4 * MiB, bytes.length - 1);
    expect(third.status).toBe(202);
    expect(third.headers.get('range')).toBe(`bytes=${4 * MiB}-${bytes.length - 1}`);
    expect((await third.json()) as ResumableAcceptedBody).toEqual({
      result: `1000 of ${bytes.length} bytes received.`,
    });
    const first = await chunk(target, 'scan.e57', bytes, 0, 2 * MiB - 1);
    expect(first.headers.get('range')).toBe(`bytes=0-${2 * MiB - 1},${4 * MiB}-${bytes.length - 1}`);
    const progress = await status(target, 'scan.e57');
    expect([progress.status, progress.headers.get('range')]).toEqual([
      202,
      `bytes=0-${2 * MiB - 1},${4 * MiB}-${bytes.length - 1}`,
    ]);
    expect(
      (await platform.request(objectPath(target.bucketKey, 'scan.e57', '/details'), { headers: target.bearer })).status,
    ).toBe(404);

    const second = await chunk(target, 'scan.e57', bytes, 2 * MiB, 4 * MiB - 1, {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': 'attachment; filename="scan.e57"',
    });
    expect(second.status).toBe(200);
    expect((await second.json()) as ObjectDetails).toMatchObject({
      bucketKey: target.bucketKey,
      objectKey: 'scan.e57',
      size: bytes.length,
      sha1: sha1(bytes),
    });
    const object = await platform.stores.oss.findObject(target.bucketKey, 'scan.e57', platform.clock.now());
    expect(object?.contentDisposition).toBe('attachment; filename="scan.e57"');
    expect((await platform.stores.oss.extents(object!.id)).map((extent) => extent.size)).toEqual([
      2 * MiB,
      2 * MiB,
      1000,
    ]);
    const download = await platform.request(objectPath(target.bucketKey, 'scan.e57'), { headers: target.bearer });
    expect(sha1(new Uint8Array(await download.arrayBuffer()))).toBe(sha1(bytes));
    expect((await status(target, 'scan.e57')).status).toBe(404);
  });

  it('keeps waiting while a chunk is missing; the session expires after a day and its chunks go', async () => {
    const target = await bucket();
    const bytes = someBytes(4 * MiB + 10);
    expect((await chunk(target, 'gap.bin', bytes, 0, 2 * MiB - 1)).status).toBe(202);
    expect((await chunk(target, 'gap.bin', bytes, 4 * MiB, bytes.length - 1)).status).toBe(202);
    expect((await status(target, 'gap.bin')).headers.get('range')).toBe(
      `bytes=0-${2 * MiB - 1},${4 * MiB}-${bytes.length - 1}`,
    );
    platform.clock.advance(24 * 3600 + 1);
    const fresh = { ...target, bearer: await target.freshBearer() };
    expect((await status(fresh, 'gap.bin')).status).toBe(404);
    expect(await sweepExpiredUploads(platform.deps)).toBeGreaterThanOrEqual(1);
    // A new session under the same Session-Id starts from nothing.
    expect((await chunk(fresh, 'gap.bin', bytes, 4 * MiB, bytes.length - 1)).headers.get('range')).toBe(
      `bytes=${4 * MiB}-${bytes.length - 1}`,
    );
  });

  it('completes once when the last two chunks arrive at the same time', async () => {
    const target = await bucket();
    const bytes = someBytes(4 * MiB + 10);
    await chunk(target, 'race.bin', bytes, 0, 2 * MiB - 1);
    const answers = await Promise.all([
      chunk(target, 'race.bin', bytes, 2 * MiB, 4 * MiB - 1),
      chunk(target, 'race.bin', bytes, 4 * MiB, bytes.length - 1),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 202]);
    const details = await platform.request(objectPath(target.bucketKey, 'race.bin', '/details'), {
      headers: target.bearer,
    });
    expect(((await details.json()) as ObjectDetails).sha1).toBe(sha1(bytes));
  });

  it('replaces a chunk sent again over the same range, and frees the bytes it replaced', async () => {
    const target = await bucket();
    const bytes = someBytes(2 * MiB + 10);
    await chunk(target, 'retry.bin', bytes, 0, 2 * MiB - 1);
    const before = await blobCount();
    expect((await chunk(target, 'retry.bin', bytes, 0, 2 * MiB - 1)).status).toBe(202);
    expect(await blobCount()).toBe(before);
    expect((await chunk(target, 'retry.bin', bytes, 2 * MiB, bytes.length - 1)).status).toBe(200);
  });

  it('keeps sessions of different objects apart, even under the same Session-Id', async () => {
    const target = await bucket();
    const bytes = someBytes(2 * MiB + 10);
    await chunk(target, 'a.bin', bytes, 0, 2 * MiB - 1);
    expect((await status(target, 'b.bin')).status).toBe(404);
    const other = await chunk(target, 'b.bin', bytes, 2 * MiB, bytes.length - 1);
    expect([other.status, other.headers.get('range')]).toEqual([202, `bytes=${2 * MiB}-${bytes.length - 1}`]);
    expect((await status(target, 'a.bin', 'session-2')).status).toBe(404);
    const stranger = await serverApp(platform);
    expect((await status({ ...target, bearer: stranger.bearer }, 'a.bin')).status).toBe(403);
  });

  it.each([
    ['no Content-Range', { 'Content-Range': '' }, 416, 'Content-Range'],
    ['a malformed Content-Range', { 'Content-Range': 'bytes=0-9/10' }, 400, 'Content-Range must read'],
    ['an end past the total', { 'Content-Range': 'bytes 0-10/10' }, 416, 'not satisfiable'],
    ['no Session-Id', { 'Session-Id': '' }, 400, 'Session-Id header is required'],
    ['a Session-Id with a space', { 'Session-Id': 'my session' }, 400, 'Session-Id must be'],
    ['a Session-Id of 300 characters', { 'Session-Id': 'x'.repeat(300) }, 400, 'Session-Id must be'],
    ['a Content-Length other than the range', { 'Content-Length': '5' }, 400, 'Content-Length is 5'],
    ['a small chunk that does not end the object', { 'Content-Range': 'bytes 0-9/100' }, 400, 'at least 2097152'],
    ['a wrong x-ads-chunk-sha1', { 'x-ads-chunk-sha1': sha1(someBytes(4)) }, 400, 'x-ads-chunk-sha1 does not match'],
  ])('refuses %s', async (_name, headers, expected, words) => {
    const target = await bucket();
    const bytes = someBytes(10);
    const request = new Headers({ ...target.bearer, 'Content-Range': 'bytes 0-9/10', 'Session-Id': 'session-1' });
    for (const [name, value] of Object.entries(headers)) {
      if (value === '') request.delete(name);
      else request.set(name, value);
    }
    const response = await platform.request(objectPath(target.bucketKey, 'bad.bin', '/resumable'), {
      method: 'PUT',
      headers: request,
      body: bytes,
    });
    expect(response.status).toBe(expected);
    expect(await reason(response)).toContain(words);
  });

  it('refuses a chunk whose total differs from the session, one overlapping another, and one cut short', async () => {
    const target = await bucket();
    const bytes = someBytes(4 * MiB + 10);
    await chunk(target, 'mixed.bin', bytes, 0, 2 * MiB - 1);
    const otherTotal = await chunk(target, 'mixed.bin', someBytes(3 * MiB), 2 * MiB, 3 * MiB - 1);
    expect([otherTotal.status, await reason(otherTotal)]).toEqual([
      416,
      expect.stringContaining(`object of ${bytes.length} bytes`) as string,
    ]);
    const overlap = await chunk(target, 'mixed.bin', bytes, MiB, 3 * MiB - 1);
    expect([overlap.status, await reason(overlap)]).toEqual([
      409,
      expect.stringContaining(`overlaps bytes 0-${2 * MiB - 1}`) as string,
    ]);
    const short = await platform.request(objectPath(target.bucketKey, 'mixed.bin', '/resumable'), {
      method: 'PUT',
      headers: {
        ...target.bearer,
        'Content-Range': `bytes ${4 * MiB}-${bytes.length - 1}/${bytes.length}`,
        'Session-Id': 'session-1',
      },
      body: someBytes(3),
    });
    expect(short.status).toBe(400);
    expect((await status(target, 'mixed.bin')).headers.get('range')).toBe(`bytes=0-${2 * MiB - 1}`);
  });

  it('answers 404 for a chunk once the bucket is gone', async () => {
    const target = await bucket();
    const bytes = someBytes(2 * MiB + 10);
    await chunk(target, 'late.bin', bytes, 0, 2 * MiB - 1);
    expect(
      (await platform.request(`/oss/v2/buckets/${target.bucketKey}`, { method: 'DELETE', headers: target.bearer }))
        .status,
    ).toBe(200);
    expect((await chunk(target, 'late.bin', bytes, 2 * MiB, bytes.length - 1)).status).toBe(404);
  });
});
