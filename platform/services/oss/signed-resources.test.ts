import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectPath, serverApp, sha1, someBytes, type Bytes } from '../../testing/oss';
import { drained, hashOf, reasonOf as reason, storedForSigning } from '../../testing/signed-resources';
import { createTestPlatform, TEST_ISSUER, type TestPlatform } from '../../testing/test-platform';

// Making signed resources and reading through them; writing and deleting are in signed-resource-writes.test.ts.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

const stored = (bytes?: Bytes) => storedForSigning(platform, bytes);
const call = (url: string, init: RequestInit = {}) => platform.app.request(url, init);

describe('POST …/objects/{objectKey}/signed', () => {
  it('answers a signed URL on the platform, its expiry in milliseconds (2 minutes by default) and singleUse', async () => {
    const { sign } = await stored();
    const signed = await sign();
    expect(signed).toEqual({
      signedUrl: expect.stringMatching(
        new RegExp(`^${TEST_ISSUER}/oss/v2/signedresources/[^/?]+\\?region=US$`),
      ) as string,
      expiration: platform.clock.now().getTime() + 2 * 60_000,
      singleUse: false,
    });
    const longer = await sign('?access=ReadWrite', { minutesExpiration: 60, singleUse: true });
    expect(longer).toMatchObject({ expiration: platform.clock.now().getTime() + 60 * 60_000, singleUse: true });
    // No body, an empty one and {} all mean the defaults.
    expect((await sign('?access=write', {})).singleUse).toBe(false);
  });

  it.each([
    ['?access=delete', undefined, 'access must be one of read, write, readwrite'],
    ['', { minutesExpiration: 0 }, 'minutesExpiration must be a whole number from 1 to 60'],
    ['', { minutesExpiration: 61 }, 'minutesExpiration must be a whole number from 1 to 60'],
    ['', { minutesExpiration: '5' }, 'minutesExpiration must be a whole number'],
    ['', { singleUse: 'yes' }, 'singleUse must be true or false'],
    ['', { allowedIpAddresses: ['10.0.0.1'] }, 'Unknown field in the body: "allowedIpAddresses"'],
    ['?useCdn=maybe', undefined, 'useCdn must be true or false'],
    ['', [1], 'must be a JSON object'],
  ])('refuses %s %j with 400', async (query, body, expected) => {
    const { create } = await stored();
    const response = await create(query, body);
    expect(response.status).toBe(400);
    expect(await reason(response)).toContain(expected);
  });

  it('is for the bucket owner only: another app, even one the bucket allows, gets 403 Bucket owner mismatch', async () => {
    const { create } = await stored();
    const other = await serverApp(platform);
    const refused = await create('', undefined, other.bearer);
    expect(refused.status).toBe(403);
    expect(await reason(refused)).toContain('Bucket owner mismatch');
    expect((await create('', undefined, {})).status).toBe(401);
    const readOnly = await serverApp(platform, 'data:read');
    expect((await create('', undefined, readOnly.bearer)).status).toBe(403);

    const owner = await serverApp(platform);
    const shared = await platform.request('/oss/v2/buckets', {
      method: 'POST',
      headers: { ...owner.bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        bucketKey: `shared-${owner.clientId.slice(0, 8).toLowerCase()}`,
        policyKey: 'transient',
        allow: [{ authId: other.clientId, access: 'full' }],
      }),
    });
    expect(shared.status).toBe(200);
    const byAllowed = await platform.request(
      objectPath(`shared-${owner.clientId.slice(0, 8).toLowerCase()}`, 'x', '/signed'),
      { method: 'POST', headers: other.bearer },
    );
    expect(byAllowed.status).toBe(403);
    expect(await reason(byAllowed)).toContain('Bucket owner mismatch');
  });
});

describe('GET /oss/v2/signedresources/{hash}', () => {
  it('serves the bytes without a token, with Range, HEAD, If-None-Match and 416', async () => {
    const { sign, bytes } = await stored(someBytes(3000));
    const { signedUrl } = await sign();
    const whole = await call(signedUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.headers.get('etag')).toBe(`"${sha1(bytes)}"`);
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    const part = await call(signedUrl, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/3000');
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(bytes.subarray(100, 200)))).toBe(true);
    const head = await call(signedUrl, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, '3000']);
    expect((await call(signedUrl, { headers: { 'If-None-Match': `"${sha1(bytes)}"` } })).status).toBe(304);
    const beyond = await call(signedUrl, { headers: { Range: 'bytes=3000-' } });
    expect([beyond.status, beyond.headers.get('content-range')]).toEqual([416, 'bytes */3000']);
    const typed = await call(`${signedUrl}&response-content-type=text%2Fplain`);
    expect(typed.headers.get('content-type')).toBe('text/plain');
    await typed.arrayBuffer();
    expect((await call(`${signedUrl}&response-content-disposition=a%0D%0AX-Evil%3A%201`)).status).toBe(400);
    expect((await call(`${signedUrl.split('?')[0]!}?region=MARS`)).status).toBe(400);
  });

  it('refuses an expired URL, a changed or made-up hash, and a write-only URL with 403', async () => {
    const { sign } = await stored();
    const { signedUrl } = await sign('', { minutesExpiration: 1 });
    const hash = hashOf(signedUrl);
    const [id, expires, signature] = hash.split('.');
    const forged = signedUrl.replace(hash, `${id}.${Number(expires) + 3600}.${signature}`);
    expect(await reason(await call(forged))).toContain('does not match its signature');
    expect((await call(signedUrl.replace(hash, 'not-a-hash'))).status).toBe(403);
    const writeOnly = await sign('?access=write');
    const refused = await call(writeOnly.signedUrl);
    expect(refused.status).toBe(403);
    expect(await reason(refused)).toContain('grants write access only');
    platform.clock.advance(61);
    const expired = await call(signedUrl);
    expect(expired.status).toBe(403);
    expect(await reason(expired)).toContain('expired');
  });

  it('answers 404 once the object is gone', async () => {
    const { sign, bucketKey, bearer } = await stored();
    const { signedUrl } = await sign();
    await platform.request(objectPath(bucketKey, 'plan.pdf'), { method: 'DELETE', headers: bearer });
    expect((await call(signedUrl)).status).toBe(404);
  });

  it('spends a single-use URL on the first download only: HEAD, 304 and 416 leave it, two at once get the bytes once', async () => {
    const { sign, bytes } = await stored(someBytes(2000));
    const once = await sign('', { singleUse: true });
    expect((await call(once.signedUrl, { method: 'HEAD' })).status).toBe(200);
    expect((await call(once.signedUrl, { headers: { 'If-None-Match': `"${sha1(bytes)}"` } })).status).toBe(304);
    expect((await call(once.signedUrl, { headers: { Range: 'bytes=5000-' } })).status).toBe(416);
    expect(await drained(await call(once.signedUrl))).toBe(200);
    const again = await call(once.signedUrl);
    expect(again.status).toBe(403);
    expect(await reason(again)).toContain('already been used');

    const raced = await sign('', { singleUse: true });
    const answers = await Promise.all([call(raced.signedUrl), call(raced.signedUrl), call(raced.signedUrl)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403, 403]);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect(Buffer.from(await winner.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });
});
