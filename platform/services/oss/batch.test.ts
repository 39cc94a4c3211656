import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BatchCompletedResult,
  BatchCompleteUploadResponse,
  BatchItemError,
  BatchSignedS3DownloadResponse,
  BatchSignedS3UploadResponse,
  OssErrorBody,
  SignedS3DownloadResponse,
  SignedS3UploadResponse,
} from '../../../contracts/oss';
import { createBucket, putObject, serverApp, sha1, signedRequest, someBytes, type Bytes } from '../../testing/oss';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// Parts of 100 bytes stand for S3's 5 MiB minimum, so TooSmall is cheap to provoke.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform({ ossLimits: { minPartBytes: 100 } });
});
afterAll(() => platform.close());

async function bucket() {
  const app = await serverApp(platform);
  const { bucketKey } = await createBucket(platform, app.bearer);
  const post = (operation: string, body: unknown, query = '', bearer: Record<string, string> = app.bearer) =>
    platform.request(`/oss/v2/buckets/${bucketKey}/objects/${operation}${query}`, {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { ...app, bucketKey, post };
}

async function signUploads(target: Awaited<ReturnType<typeof bucket>>, requests: unknown[]) {
  const response = await target.post(
    'batchsigneds3upload',
    { requests },
    '?minutesExpiration=10&useAcceleration=false',
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as BatchSignedS3UploadResponse).results;
}

/** PUTs `bytes` to a signed part URL and returns the part's ETag. */
async function sendPart(url: string, bytes: Bytes): Promise<string> {
  const response = await signedRequest(platform, url, { method: 'PUT', body: bytes });
  expect(response.status).toBe(200);
  return response.headers.get('etag')!;
}

const failure = (result: unknown) => result as BatchItemError;

describe('POST …/objects/batchsigneds3upload', () => {
  it('signs each object, or says why not, and resumes an upload by its uploadKey', async () => {
    const target = await bucket();
    const results = await signUploads(target, [
      { objectKey: 'walls.ifc', parts: 2 },
      { objectKey: 'doors.ifc', uploadKey: 'made-up' },
      { objectKey: 'roof.ifc', parts: 26 },
      { objectKey: 'bad\u0001name' },
    ]);
    const walls = results['walls.ifc'] as SignedS3UploadResponse;
    expect(walls.urls).toHaveLength(2);
    expect(walls.urlExpiration).toBe(new Date(platform.clock.now().getTime() + 10 * 60_000).toISOString());
    expect(failure(results['doors.ifc'])).toEqual({
      status: 'error',
      reason: expect.stringContaining('uploadKey is unknown') as string,
    });
    expect(failure(results['roof.ifc']).reason).toContain('parts must be a whole number from 1 to 25');
    expect(failure(results['bad\u0001name']).reason).toContain('control characters');

    const resumed = await signUploads(target, [
      { objectKey: 'walls.ifc', uploadKey: walls.uploadKey, firstPart: 2, parts: 1 },
    ]);
    expect(resumed['walls.ifc']).toMatchObject({
      uploadKey: walls.uploadKey,
      urls: [expect.stringContaining('/parts/2?') as string],
    });
  });

  it('ignores fields an item has beyond the documented ones, as older clients send them, and the uploads complete', async () => {
    const target = await bucket();
    const [head, tail] = [someBytes(150), someBytes(40)];
    const signed = await signUploads(target, [
      { objectKey: 'walls.ifc', parts: 2, fileName: 'walls.ifc', contentType: 'application/octet-stream', size: 190 },
      { objectKey: 'doors.ifc', partz: 3, minutesExpiration: 10, useAcceleration: false },
      { objectKey: 'roof.ifc', parts: 26, chunkSize: 5 },
    ]);
    const walls = signed['walls.ifc'] as SignedS3UploadResponse;
    const doors = signed['doors.ifc'] as SignedS3UploadResponse;
    expect([walls.urls.length, doors.urls.length]).toEqual([2, 1]);
    // A documented field keeps its check beside unknown ones.
    expect(failure(signed['roof.ifc']).reason).toContain('parts must be a whole number from 1 to 25');

    const eTags = [await sendPart(walls.urls[0]!, head), await sendPart(walls.urls[1]!, tail)];
    await sendPart(doors.urls[0]!, tail);
    const response = await target.post('batchcompleteupload', {
      requests: [
        { objectKey: 'walls.ifc', uploadKey: walls.uploadKey, size: 190, eTags, fileName: 'walls.ifc' },
        { objectKey: 'doors.ifc', uploadKey: doors.uploadKey, contentType: 'application/octet-stream' },
      ],
    });
    expect(response.status).toBe(200);
    const results = ((await response.json()) as BatchCompleteUploadResponse).results;
    expect(results['walls.ifc']).toMatchObject({
      objectKey: 'walls.ifc',
      size: 190,
      sha1: sha1(Buffer.concat([head, tail])),
    });
    expect(results['doors.ifc']).toMatchObject({ objectKey: 'doors.ifc', size: 40, sha1: sha1(tail) });
  });

  it.each([
    ['no requests', {}, 'requests must be an array'],
    ['an empty list', { requests: [] }, 'requests must be an array of 1 to 25'],
    [
      '26 requests',
      { requests: Array.from({ length: 26 }, (_, index) => ({ objectKey: `o${index}` })) },
      'requests must be an array of 1 to 25',
    ],
    ['a key twice', { requests: [{ objectKey: 'a' }, { objectKey: 'a' }] }, 'repeats an objectKey'],
    ['an item that is not an object', { requests: ['a'] }, 'requests[0] must be an object'],
    ['an objectKey that is not a string', { requests: [{ objectKey: 7 }] }, 'requests[0].objectKey must be a string'],
    ['another top-level field', { requests: [{ objectKey: 'a' }], extra: 1 }, 'Unknown field in the body'],
    ['a body that is not JSON', '{"requests":', 'not valid JSON'],
  ])('refuses %s with 400', async (_name, body, words) => {
    const target = await bucket();
    const response = await target.post('batchsigneds3upload', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as OssErrorBody).reason).toContain(words);
  });

  it('answers another app 403 Bucket owner mismatch, a token without write scope 403, none 401', async () => {
    const target = await bucket();
    const other = await serverApp(platform);
    const refused = await target.post('batchsigneds3upload', { requests: [{ objectKey: 'a' }] }, '', other.bearer);
    expect([refused.status, ((await refused.json()) as OssErrorBody).reason]).toEqual([
      403,
      expect.stringContaining('Bucket owner mismatch') as string,
    ]);
    const reader = await serverApp(platform, 'data:read');
    expect(
      (await target.post('batchsigneds3upload', { requests: [{ objectKey: 'a' }] }, '', reader.bearer)).status,
    ).toBe(403);
    expect((await target.post('batchsigneds3upload', { requests: [{ objectKey: 'a' }] }, '', {})).status).toBe(401);
    expect(
      (await target.post('batchsigneds3upload', { requests: [{ objectKey: 'a' }] }, '?minutesExpiration=61')).status,
    ).toBe(400);
  });
});

describe('POST …/objects/batchcompleteupload', () => {
  it('makes the objects whose parts are right and reports each part of those that are not', async () => {
    const target = await bucket();
    const signed = await signUploads(target, [
      { objectKey: 'one.txt' },
      { objectKey: 'gap.bin', parts: 3 },
      { objectKey: 'tags.bin' },
      { objectKey: 'small.bin', parts: 2 },
    ]);
    const url = (key: string, index = 0) => (signed[key] as SignedS3UploadResponse).urls[index]!;
    const uploadKey = (key: string) => (signed[key] as SignedS3UploadResponse).uploadKey;
    const one = someBytes(150);
    const oneTag = await sendPart(url('one.txt'), one);
    const gapTags = [
      await sendPart(url('gap.bin', 0), someBytes(200)),
      await sendPart(url('gap.bin', 2), someBytes(20)),
    ];
    await sendPart(url('tags.bin'), someBytes(50));
    const smallTags = [
      await sendPart(url('small.bin', 0), someBytes(10)),
      await sendPart(url('small.bin', 1), someBytes(10)),
    ];

    const response = await target.post('batchcompleteupload', {
      requests: [
        {
          objectKey: 'one.txt',
          uploadKey: uploadKey('one.txt'),
          size: 150,
          eTags: [oneTag],
          'x-ads-meta-Content-Type': 'text/plain',
          'x-ads-meta-Cache-Control': 'max-age=60',
        },
        { objectKey: 'gap.bin', uploadKey: uploadKey('gap.bin') },
        { objectKey: 'tags.bin', uploadKey: uploadKey('tags.bin'), eTags: ['"0000"'] },
        { objectKey: 'small.bin', uploadKey: uploadKey('small.bin'), eTags: smallTags },
        { objectKey: 'nope.bin', uploadKey: 'made-up' },
        { objectKey: 'meta.bin', uploadKey: uploadKey('one.txt'), 'x-ads-meta-Content-Type': 5 },
      ],
    });
    expect(response.status).toBe(200);
    const results = ((await response.json()) as BatchCompleteUploadResponse).results;
    expect(results['one.txt']).toEqual({
      bucketKey: target.bucketKey,
      objectKey: 'one.txt',
      objectId: `urn:adsk.objects:os.object:${target.bucketKey}:one.txt`,
      size: 150,
      sha1: sha1(one),
      contentType: 'text/plain',
      cacheControl: 'max-age=60',
      location: expect.stringContaining('/objects/one.txt') as string,
      parts: [{ firstPart: 1, status: 'Ok', size: 150, eTag: oneTag.replace(/"/g, '') }],
    } satisfies BatchCompletedResult);
    expect(results['gap.bin']).toMatchObject({
      status: 'error',
      reason: expect.stringContaining('Part 2 is missing (Pending)') as string,
      parts: [
        { firstPart: 1, status: 'Ok', size: 200, eTag: gapTags[0]!.replace(/"/g, '') },
        { firstPart: 2, status: 'Pending' },
        { firstPart: 3, status: 'Ok', size: 20 },
      ],
    });
    expect(results['tags.bin']).toMatchObject({
      status: 'error',
      parts: [{ firstPart: 1, status: 'Unexpected', size: 50 }],
    });
    expect(results['small.bin']).toMatchObject({
      status: 'error',
      reason: expect.stringContaining('TooSmall') as string,
      parts: [
        { firstPart: 1, status: 'TooSmall', size: 10 },
        { firstPart: 2, status: 'Ok', size: 10 },
      ],
    });
    expect(results['nope.bin']).toEqual({
      status: 'error',
      reason: expect.stringContaining('uploadKey is unknown') as string,
      bucketKey: target.bucketKey,
      objectKey: 'nope.bin',
    });
    expect(failure(results['meta.bin']).reason).toContain('x-ads-meta-Content-Type must be a string');

    // The failed uploads are untouched: a fixed request completes them.
    const fixed = await target.post('batchcompleteupload', {
      requests: [{ objectKey: 'tags.bin', uploadKey: uploadKey('tags.bin') }],
    });
    expect(((await fixed.json()) as BatchCompleteUploadResponse).results['tags.bin']).toMatchObject({
      size: 50,
      parts: [{ status: 'Ok' }],
    });
  });
});

describe('POST …/objects/batchsigneds3download', () => {
  it('signs each object with its overrides, says which are missing or not modified', async () => {
    const target = await bucket();
    const bytes = someBytes(300);
    await putObject(platform, target.bearer, target.bucketKey, 'a.pdf', bytes, { 'Content-Type': 'application/pdf' });
    await putObject(platform, target.bearer, target.bucketKey, 'b.pdf', someBytes(30));
    const response = await target.post(
      'batchsigneds3download',
      {
        requests: [
          { objectKey: 'a.pdf', 'response-content-type': 'application/x-pdf', fileName: 'a.pdf' },
          { objectKey: 'missing.pdf' },
          { objectKey: 'b.pdf', 'If-None-Match': `"${sha1(someBytes(1))}", *` },
          { objectKey: 'c.pdf', 'response-content-disposition': 'inline\r\nX-Evil: 1' },
        ],
      },
      '?minutesExpiration=5&public-resource-fallback=false&useCdn=true',
    );
    expect(response.status).toBe(200);
    const results = ((await response.json()) as BatchSignedS3DownloadResponse).results;
    const a = results['a.pdf'] as SignedS3DownloadResponse;
    expect(a).toMatchObject({
      status: 'complete',
      size: 300,
      sha1: sha1(bytes),
      params: { 'content-type': 'application/x-pdf' },
    });
    const download = await signedRequest(platform, a.url!);
    expect(download.headers.get('content-type')).toBe('application/x-pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    expect(failure(results['missing.pdf'])).toEqual({ status: 'error', reason: 'Object not found' });
    expect(failure(results['b.pdf']).reason).toContain('Not Modified');
    expect(failure(results['c.pdf']).reason).toContain('printable ASCII');
  });

  it('refuses another app, and a bad query parameter', async () => {
    const target = await bucket();
    const stranger = await serverApp(platform);
    const refused = await target.post('batchsigneds3download', { requests: [{ objectKey: 'a' }] }, '', stranger.bearer);
    expect(refused.status).toBe(403);
    expect(
      (
        await target.post(
          'batchsigneds3download',
          { requests: [{ objectKey: 'a' }] },
          '?public-resource-fallback=perhaps',
        )
      ).status,
    ).toBe(400);
  });
});
