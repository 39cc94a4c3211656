import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bucket, BucketsResponse, OssErrorBody } from '../../../contracts/oss';
import { createBucket, serverApp, uniqueBucketKey } from '../../testing/oss';
import { createTestPlatform, TEST_ISSUER, type TestPlatform } from '../../testing/test-platform';

// One platform per file: every test makes its own apps and buckets, so they do not meet.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const post = (bearer: Record<string, string>, body: unknown, headers: Record<string, string> = {}) =>
  platform.request('/oss/v2/buckets', {
    method: 'POST',
    headers: { ...bearer, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('POST /oss/v2/buckets', () => {
  it('creates a bucket owned by the calling app, and answers 409 when the key is taken by any app', async () => {
    const { clientId, bearer } = await serverApp(platform);
    const bucketKey = uniqueBucketKey();
    const response = await post(bearer, { bucketKey, policyKey: 'transient' }, { 'x-ads-region': 'US' });
    expect(response.status).toBe(200);
    expect((await response.json()) as Bucket).toEqual({
      bucketKey,
      bucketOwner: clientId,
      createdDate: platform.clock.now().getTime(),
      permissions: [{ authId: clientId, access: 'full' }],
      policyKey: 'transient',
    });
    const other = await serverApp(platform);
    const taken = await post(other.bearer, { bucketKey, policyKey: 'persistent' });
    expect(taken.status).toBe(409);
    expect((await taken.json()) as OssErrorBody).toEqual({ reason: 'Bucket already exists' });
  });

  it.each([
    ['ab', /3 to 128/],
    ['a'.repeat(129), /3 to 128/],
    ['192.168.5.4', /IP address/],
    ['My-Bucket', /uppercase/],
    ['my bucket', /spaces/],
    ['my_bucket', /underscores/],
    ['my.bucket', /special character "\."/],
    ['bücket', /special character "ü"/],
    ['-bucket', /begin and end/],
    ['bucket-', /begin and end/],
  ])('refuses the bucket key %j with 400 and a reason naming the rule', async (bucketKey, rule) => {
    const { bearer } = await serverApp(platform);
    const response = await post(bearer, { bucketKey, policyKey: 'transient' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as OssErrorBody).reason).toMatch(rule);
  });

  it('accepts the shortest and longest names the spec allows', async () => {
    const { bearer } = await serverApp(platform);
    const short = 'x0z';
    expect((await post(bearer, { bucketKey: short, policyKey: 'transient' })).status).toBe(200);
    expect(
      (await post(bearer, { bucketKey: `${uniqueBucketKey()}-`.padEnd(128, 'z'), policyKey: 'transient' })).status,
    ).toBe(200);
  });

  it('refuses a missing or unknown policyKey, unknown fields, a bad region and a body that is not JSON', async () => {
    const { bearer } = await serverApp(platform);
    expect((await post(bearer, { bucketKey: uniqueBucketKey() })).status).toBe(400);
    expect((await post(bearer, { bucketKey: uniqueBucketKey(), policyKey: 'forever' })).status).toBe(400);
    expect((await post(bearer, { bucketKey: uniqueBucketKey(), policyKey: 'transient', color: 'red' })).status).toBe(
      400,
    );
    expect(
      (await post(bearer, { bucketKey: uniqueBucketKey(), policyKey: 'transient' }, { region: 'MARS' })).status,
    ).toBe(400);
    const text = await platform.request('/oss/v2/buckets', {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      body: '{"bucketKey":',
    });
    expect(text.status).toBe(400);
    const huge = await platform.request('/oss/v2/buckets', {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      body: `"${'x'.repeat(2 * 1024 * 1024)}"`,
    });
    expect(huge.status).toBe(413);
  });
});

describe('GET /oss/v2/buckets', () => {
  it("lists only the app's own buckets of the region, in pages linked by next", async () => {
    const { bearer } = await serverApp(platform);
    const keys = [uniqueBucketKey('a'), uniqueBucketKey('b'), uniqueBucketKey('c')].sort();
    for (const bucketKey of keys) expect((await post(bearer, { bucketKey, policyKey: 'temporary' })).status).toBe(200);
    await post(bearer, { bucketKey: uniqueBucketKey('emea'), policyKey: 'temporary' }, { 'x-ads-region': 'EMEA' });
    await createBucket(platform, (await serverApp(platform)).bearer);

    const first = (await (
      await platform.request('/oss/v2/buckets?limit=2', { headers: bearer })
    ).json()) as BucketsResponse;
    expect(first.items.map((item) => item.bucketKey)).toEqual(keys.slice(0, 2));
    expect(first.items[0]).toEqual({
      bucketKey: keys[0],
      createdDate: platform.clock.now().getTime(),
      policyKey: 'temporary',
    });
    expect(first.next).toBe(`${TEST_ISSUER}/oss/v2/buckets?region=US&limit=2&startAt=${keys[1]}`);
    const second = (await (
      await platform.request(first.next!.slice(TEST_ISSUER.length), { headers: bearer })
    ).json()) as BucketsResponse;
    expect(second.items.map((item) => item.bucketKey)).toEqual(keys.slice(2));
    expect(second.next).toBeUndefined();
    const emea = (await (
      await platform.request('/oss/v2/buckets?region=EMEA', { headers: bearer })
    ).json()) as BucketsResponse;
    expect(emea.items).toHaveLength(1);
  });

  it('refuses a limit outside 1 to 100', async () => {
    const { bearer } = await serverApp(platform);
    expect((await platform.request('/oss/v2/buckets?limit=0', { headers: bearer })).status).toBe(400);
    expect((await platform.request('/oss/v2/buckets?limit=101', { headers: bearer })).status).toBe(400);
    expect((await platform.request('/oss/v2/buckets?limit=ten', { headers: bearer })).status).toBe(400);
  });
});

describe('bucket details and delete', () => {
  it('gives the owner the details, another app 403, and 404 for a bucket that does not exist', async () => {
    const { bearer } = await serverApp(platform);
    const bucket = await createBucket(platform, bearer);
    const mine = await platform.request(`/oss/v2/buckets/${bucket.bucketKey}/details`, { headers: bearer });
    expect((await mine.json()) as Bucket).toEqual(bucket);
    const other = await serverApp(platform);
    const theirs = await platform.request(`/oss/v2/buckets/${bucket.bucketKey}/details`, { headers: other.bearer });
    expect(theirs.status).toBe(403);
    expect(((await theirs.json()) as OssErrorBody).reason).toMatch(/owner/);
    expect(
      (await platform.request(`/oss/v2/buckets/${bucket.bucketKey}`, { method: 'DELETE', headers: other.bearer }))
        .status,
    ).toBe(403);
    expect((await platform.request(`/oss/v2/buckets/${uniqueBucketKey()}/details`, { headers: bearer })).status).toBe(
      404,
    );
    expect((await platform.request('/oss/v2/buckets/Not_A_Bucket/details', { headers: bearer })).status).toBe(400);
  });

  it('deletes a bucket for its owner; the key is free again', async () => {
    const { bearer } = await serverApp(platform);
    const bucket = await createBucket(platform, bearer);
    const deleted = await platform.request(`/oss/v2/buckets/${bucket.bucketKey}`, {
      method: 'DELETE',
      headers: bearer,
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toBe('');
    expect(
      (await platform.request(`/oss/v2/buckets/${bucket.bucketKey}`, { method: 'DELETE', headers: bearer })).status,
    ).toBe(404);
    expect((await post(bearer, { bucketKey: bucket.bucketKey, policyKey: 'transient' })).status).toBe(200);
  });
});

describe('tokens, scopes and rate limit', () => {
  it('answers 401 and 403 in the {reason} body, naming the scopes needed', async () => {
    const missing = await platform.request('/oss/v2/buckets');
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as OssErrorBody).reason).toBeTruthy();
    const { bearer } = await serverApp(platform, 'data:read');
    const forbidden = await platform.request('/oss/v2/buckets', { headers: bearer });
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as OssErrorBody).reason).toContain('bucket:read');
    expect((await post(bearer, { bucketKey: uniqueBucketKey(), policyKey: 'transient' })).status).toBe(403);
  });

  it('lets an app make 500 requests a minute, then answers 429 with Retry-After until the window moves on', async () => {
    const { bearer } = await serverApp(platform);
    platform.clock.advance(60 - ((platform.clock.now().getTime() / 1000) % 60));
    for (let index = 0; index < 500; index++) {
      const response = await platform.request('/oss/v2/buckets?limit=1', { headers: bearer });
      if (response.status !== 200) throw new Error(`request ${index} answered ${response.status}`);
    }
    const limited = await platform.request('/oss/v2/buckets', { headers: bearer });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as OssErrorBody).reason).toMatch(/Rate limit/);
    const someoneElse = await serverApp(platform);
    expect((await platform.request('/oss/v2/buckets', { headers: someoneElse.bearer })).status).toBe(200);
    platform.clock.advance(120);
    expect((await platform.request('/oss/v2/buckets', { headers: bearer })).status).toBe(200);
  });
});
