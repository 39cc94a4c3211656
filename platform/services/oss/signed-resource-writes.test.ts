import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectDetails, SignedResourceResponse } from '../../../contracts/oss';
import { createBucket, objectPath, putObject, serverApp, sha1, someBytes, type Bytes } from '../../testing/oss';
import { drained, hashOf, reasonOf as reason, storedForSigning } from '../../testing/signed-resources';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// Writing through signed resources (whole and resumable), deleting them, and the rate limit.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const stored = (bytes?: Bytes) => storedForSigning(platform, bytes);
const call = (url: string, init: RequestInit = {}) => platform.app.request(url, init);

describe('PUT /oss/v2/signedresources/{hash}', () => {
  it('writes the object through a write URL (creating it if need be), honours If-Match, refuses a read URL', async () => {
    const { sign, bucketKey, bearer } = await stored();
    const fresh = await sign('?access=write', undefined, 'new model.rvt');
    const bytes = someBytes(5000);
    const put = await call(fresh.signedUrl, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/vnd.autodesk.revit' },
      body: bytes,
    });
    expect(put.status).toBe(200);
    expect((await put.json()) as ObjectDetails).toMatchObject({
      bucketKey,
      objectKey: 'new model.rvt',
      size: 5000,
      sha1: sha1(bytes),
      contentType: 'application/vnd.autodesk.revit',
    });
    const details = await platform.request(objectPath(bucketKey, 'new model.rvt', '/details'), { headers: bearer });
    expect(((await details.json()) as ObjectDetails).sha1).toBe(sha1(bytes));

    const stale = await call(fresh.signedUrl, {
      method: 'PUT',
      headers: { 'If-Match': sha1(someBytes(3)) },
      body: someBytes(10),
    });
    expect(stale.status).toBe(412);
    const matched = await call(fresh.signedUrl, {
      method: 'PUT',
      headers: { 'If-Match': sha1(bytes) },
      body: someBytes(10),
    });
    expect(matched.status).toBe(200);

    const readOnly = await sign('?access=read');
    expect((await call(readOnly.signedUrl, { method: 'PUT', body: someBytes(10) })).status).toBe(403);
  });

  it('lets a single-use write URL write once', async () => {
    const { sign } = await stored();
    const once = await sign('?access=readwrite', { singleUse: true });
    expect((await call(once.signedUrl, { method: 'PUT', body: someBytes(10) })).status).toBe(200);
    expect((await call(once.signedUrl, { method: 'PUT', body: someBytes(10) })).status).toBe(403);
    expect((await call(once.signedUrl)).status).toBe(403);
  });

  it('takes a resumable upload through PUT …/resumable, 202 until the last chunk', async () => {
    const { sign } = await stored();
    const { signedUrl } = await sign('?access=write', { singleUse: true }, 'scan.e57');
    const bytes = someBytes(2 * 1024 * 1024 + 100);
    const chunk = (start: number, end: number) =>
      call(`${signedUrl.split('?')[0]!}/resumable`, {
        method: 'PUT',
        headers: { 'Content-Range': `bytes ${start}-${end}/${bytes.length}`, 'Session-Id': 'signed-1' },
        body: bytes.slice(start, end + 1),
      });
    const last = await chunk(2 * 1024 * 1024, bytes.length - 1);
    expect([last.status, last.headers.get('range')]).toEqual([202, `bytes=${2 * 1024 * 1024}-${bytes.length - 1}`]);
    const first = await chunk(0, 2 * 1024 * 1024 - 1);
    expect(first.status).toBe(200);
    expect((await first.json()) as ObjectDetails).toMatchObject({
      objectKey: 'scan.e57',
      size: bytes.length,
      sha1: sha1(bytes),
    });
    // Single use: spent by the chunk that made the object.
    expect((await chunk(0, 2 * 1024 * 1024 - 1)).status).toBe(403);
  });
});

describe('DELETE /oss/v2/signedresources/{hash}', () => {
  it('deletes the signed resource (not the object) for the bucket owner only', async () => {
    const { sign, bucketKey, bearer } = await stored();
    const { signedUrl } = await sign();
    const path = new URL(signedUrl).pathname;
    expect((await platform.request(path, { method: 'DELETE' })).status).toBe(401);
    const other = await serverApp(platform);
    const refused = await platform.request(path, { method: 'DELETE', headers: other.bearer });
    expect(refused.status).toBe(403);
    expect(await reason(refused)).toContain('Bucket owner mismatch');
    const deleted = await platform.request(path, { method: 'DELETE', headers: bearer });
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toBe(`Signed resource deleted successfully: ${hashOf(signedUrl)}`);
    expect((await call(signedUrl)).status).toBe(404);
    expect((await platform.request(path, { method: 'DELETE', headers: bearer })).status).toBe(404);
    expect((await platform.request(objectPath(bucketKey, 'plan.pdf', '/details'), { headers: bearer })).status).toBe(
      200,
    );
  });

  it('deletes an expired one too, and refuses a changed hash', async () => {
    const { sign, bearer } = await stored();
    const { signedUrl } = await sign('', { minutesExpiration: 1 });
    platform.clock.advance(120);
    const path = new URL(signedUrl).pathname;
    const fresh = await serverApp(platform);
    expect((await platform.request(`${path}x`, { method: 'DELETE', headers: fresh.bearer })).status).toBe(403);
    // The first token is past its hour only in later tests; this one is still good.
    expect((await platform.request(path, { method: 'DELETE', headers: bearer })).status).toBe(200);
  });
});

describe('the OSS rate limit', () => {
  it('counts creating and deleting signed resources, not using them (a signed URL carries no app)', async () => {
    const limited = await createTestPlatform({ rateLimits: { ...platform.deps.config.rateLimits, oss: 4 } });
    try {
      const app = await serverApp(limited);
      const { bucketKey } = await createBucket(limited, app.bearer);
      await putObject(limited, app.bearer, bucketKey, 'a.txt', someBytes(10));
      const created = await limited.request(objectPath(bucketKey, 'a.txt', '/signed'), {
        method: 'POST',
        headers: app.bearer,
      });
      const { signedUrl } = (await created.json()) as SignedResourceResponse;
      for (let use = 0; use < 6; use++) expect(await drained(await limited.app.request(signedUrl))).toBe(200);
      expect(
        (await limited.request(objectPath(bucketKey, 'a.txt', '/signed'), { method: 'POST', headers: app.bearer }))
          .status,
      ).toBe(200);
      const over = await limited.request(objectPath(bucketKey, 'a.txt', '/signed'), {
        method: 'POST',
        headers: app.bearer,
      });
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});
