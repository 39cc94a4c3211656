import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OssErrorBody, SignedS3DownloadResponse } from '../../../contracts/oss';
import {
  createBucket,
  objectPath,
  putObject,
  serverApp,
  sha1,
  signedRequest,
  someBytes,
  type Bytes,
} from '../../testing/oss';
import { Hono } from 'hono';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';
import { parseRange } from './range';
import { ossRoutes } from './routes';

// One platform per file: every test makes its own apps and buckets, so they do not meet.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

async function stored(bytes: Bytes, headers: Record<string, string> = {}) {
  const app = await serverApp(platform);
  const { bucketKey } = await createBucket(platform, app.bearer);
  await putObject(platform, app.bearer, bucketKey, 'drawing.pdf', bytes, {
    'Content-Type': 'application/pdf',
    ...headers,
  });
  const sign = async (query = '') => {
    const response = await platform.request(objectPath(bucketKey, 'drawing.pdf', `/signeds3download?${query}`), {
      headers: app.bearer,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as SignedS3DownloadResponse;
  };
  return { ...app, bucketKey, sign };
}

const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  signedRequest(platform, url, { method, headers });

describe('signeds3download', () => {
  it('answers a signed URL with status, size, sha1 and type, which serves the bytes without a token', async () => {
    const bytes = someBytes(3000);
    const { sign } = await stored(bytes);
    const signed = await sign();
    expect(signed).toMatchObject({
      status: 'complete',
      size: 3000,
      sha1: sha1(bytes),
      contentType: 'application/pdf',
      params: {},
    });
    const response = await get(signed.url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-length')).toBe('3000');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toBe(`"${sha1(bytes)}"`);
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it.each([
    ['bytes=0-99', 206, 0, 99],
    ['bytes=2900-3000', 206, 2900, 2999],
    ['bytes=2990-', 206, 2990, 2999],
    ['bytes=-10', 206, 2990, 2999],
    ['bytes=0-0', 206, 0, 0],
    ['bytes=0-1,5-6', 200, 0, 2999],
    ['pages=1-2', 200, 0, 2999],
  ])('serves Range %s with %i and the right bytes', async (range, status, start, end) => {
    const bytes = someBytes(3000);
    const { sign } = await stored(bytes);
    const response = await get((await sign()).url!, { Range: range });
    expect(response.status).toBe(status);
    if (status === 206) expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/3000`);
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes.subarray(start, end + 1)))).toBe(true);
  });

  it('answers 416 for a range that starts past the end', async () => {
    const { sign } = await stored(someBytes(100));
    const response = await get((await sign()).url!, { Range: 'bytes=100-200' });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe('bytes */100');
  });

  it('serves HEAD without a body, and an empty object', async () => {
    const { sign } = await stored(new Uint8Array(0));
    const signed = await sign();
    const head = await get(signed.url!, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('0');
    expect((await get(signed.url!)).status).toBe(200);
  });

  it('signs response overrides into the URL and serves them', async () => {
    const { sign } = await stored(someBytes(10));
    const signed = await sign(
      'response-content-type=text%2Fplain&response-content-disposition=attachment%3B%20filename%3D%22a.txt%22',
    );
    expect(signed.params).toEqual({
      'content-type': 'text/plain',
      'content-disposition': 'attachment; filename="a.txt"',
    });
    const response = await get(signed.url!);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="a.txt"');
    const changed = new URL(signed.url!);
    changed.searchParams.set('response-content-type', 'text/html');
    expect((await get(changed.toString())).status).toBe(403);
  });

  it('refuses an expired or tampered URL with 403', async () => {
    const { sign } = await stored(someBytes(10));
    const signed = await sign('minutesExpiration=1');
    const tampered = signed.url!.replace(/signature=./, (match) =>
      match.endsWith('A') ? `${match.slice(0, -1)}B` : `${match.slice(0, -1)}A`,
    );
    expect((await get(tampered)).status).toBe(403);
    platform.clock.advance(60);
    const late = await get(signed.url!);
    expect(late.status).toBe(403);
    expect(((await late.json()) as OssErrorBody).reason).toMatch(/expired/);
  });

  it('answers 304 to If-None-Match with the current SHA-1, and 404 once the object is gone', async () => {
    const bytes = someBytes(10);
    const { sign, bucketKey, bearer } = await stored(bytes);
    const signed = await sign();
    const cached = await platform.request(objectPath(bucketKey, 'drawing.pdf', '/signeds3download'), {
      headers: { ...bearer, 'If-None-Match': `"${sha1(bytes)}"` },
    });
    expect(cached.status).toBe(304);
    await platform.request(objectPath(bucketKey, 'drawing.pdf'), { method: 'DELETE', headers: bearer });
    expect((await get(signed.url!)).status).toBe(404);
    expect(
      (await platform.request(objectPath(bucketKey, 'drawing.pdf', '/signeds3download'), { headers: bearer })).status,
    ).toBe(404);
  });
});

describe('signing secret', () => {
  it('is kept in the database, so URLs signed before a restart still work after it', async () => {
    const bytes = someBytes(10);
    const { sign } = await stored(bytes);
    const signed = await sign('minutesExpiration=60');
    // A new OSS service on the same storage, as after a restart: it loads the secret afresh.
    const noTokens = {
      verify: () => Promise.resolve(null),
      isActive: () => Promise.resolve(false),
      clock: platform.clock,
    };
    const restarted = new Hono().route('/oss/v2', ossRoutes(platform.deps, noTokens));
    const response = await restarted.request(signed.url!);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe('parseRange', () => {
  it('clamps, ignores what it cannot serve, and finds what cannot be satisfied', () => {
    expect(parseRange(undefined, 10)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=5-3', 10)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-99999999999999999999', 10)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseRange('bytes=-0', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
