import { ApsConfiguration, SdkManagerBuilder, StaticAuthenticationProvider } from '@aps_sdk/autodesk-sdkmanager';
import { Access, OssClient } from '@aps_sdk/oss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedS3DownloadResponse, SignedS3UploadResponse } from '../../../contracts/oss';
import { listen } from '../../testing/listen';
import { createBucket, putObject, serverApp, sha1, someBytes } from '../../testing/oss';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// @aps_sdk/oss against a listening platform: OSS signed resources and the three batch forms.
let platform: TestPlatform;
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  platform = await createTestPlatform();
  server = await listen(platform);
});
afterAll(async () => {
  await server.close();
  await platform.close();
});

async function client() {
  const app = await serverApp(platform);
  const config = new ApsConfiguration({});
  config.BaseAddress = server.url as unknown as URL;
  const sdkManager = SdkManagerBuilder.create().addApsConfiguration(config).build();
  const { bucketKey } = await createBucket(platform, app.bearer);
  return {
    ...app,
    bucketKey,
    oss: new OssClient({ sdkManager, authenticationProvider: new StaticAuthenticationProvider(app.token) }),
  };
}

const MiB = 1024 * 1024;

describe('@aps_sdk/oss signed resources', () => {
  it('creates one, reads the object through it by range, and deletes it', async () => {
    const { oss, bucketKey, bearer } = await client();
    const text = 'Grid A-F, levels 0-4: revision C.';
    await putObject(platform, bearer, bucketKey, 'grid.txt', new TextEncoder().encode(text), {
      'Content-Type': 'text/plain',
    });
    const signed = await oss.createSignedResource(bucketKey, 'grid.txt', {
      access: Access.Read,
      createSignedResource: { minutesExpiration: 10, singleUse: false },
    });
    expect(signed).toMatchObject({
      signedUrl: expect.stringMatching(/\/oss\/v2\/signedresources\/[^/?]+\?region=US$/) as string,
      expiration: platform.clock.now().getTime() + 10 * 60_000,
    });
    const hash = new URL(signed.signedUrl).pathname.split('/').pop()!;
    expect(await oss.getSignedResource(hash)).toBe(text);
    expect(await oss.getSignedResource(hash, { range: 'bytes=0-5' })).toBe('Grid A');
    await oss.deleteSignedResource(hash);
    await expect(oss.getSignedResource(hash)).rejects.toThrow(/status : 404/);
  });

  it('writes through a write URL with uploadSignedResource, which sends its bytes form-encoded (body=…); the platform keeps what arrives', async () => {
    const { oss, bucketKey } = await client();
    const signed = await oss.createSignedResource(bucketKey, 'memo.txt', { access: Access.ReadWrite });
    const hash = new URL(signed.signedUrl).pathname.split('/').pop()!;
    // The SDK sets Content-Length to the number it is given but sends `body=<form-encoded bytes>`
    // (the OpenAPI's requestBody): given the raw length, the connection breaks mid-body on any server.
    const sent = new URLSearchParams({ body: 'hello' }).toString();
    const details = await oss.uploadSignedResource(hash, sent.length, Buffer.from('hello') as unknown as File);
    expect(details).toMatchObject({
      objectKey: 'memo.txt',
      size: sent.length,
      sha1: sha1(new TextEncoder().encode(sent)),
    });
    expect(await oss.getSignedResource(hash)).toBe(sent);
  });
});

describe('@aps_sdk/oss batch forms', () => {
  it('signs uploads for several objects, completes them in one call, and signs their downloads', async () => {
    const { oss, bucketKey } = await client();
    const large = someBytes(5 * MiB + 100);
    const small = someBytes(2000);
    const signed = await oss.batchSignedS3Upload(
      bucketKey,
      {
        requests: [
          { objectKey: 'large.bin', parts: 2 },
          { objectKey: 'small.bin' },
          { objectKey: 'bad.bin', uploadKey: 'nope' },
        ],
      },
      { minutesExpiration: 5 },
    );
    const large1 = signed.results['large.bin'] as SignedS3UploadResponse;
    const small1 = signed.results['small.bin'] as SignedS3UploadResponse;
    expect(signed.results['bad.bin']).toMatchObject({ status: 'error' });
    const put = async (url: string, bytes: Uint8Array<ArrayBuffer>) => {
      const response = await fetch(url, { method: 'PUT', body: bytes });
      expect(response.status).toBe(200);
      return response.headers.get('etag')!;
    };
    const largeTags = [
      await put(large1.urls[0]!, large.slice(0, 5 * MiB)),
      await put(large1.urls[1]!, large.slice(5 * MiB)),
    ];
    await put(small1.urls[0]!, small);

    const completed = await oss.batchCompleteUpload(bucketKey, {
      requests: [
        { objectKey: 'large.bin', uploadKey: large1.uploadKey, eTags: largeTags, size: large.length },
        { objectKey: 'small.bin', uploadKey: small1.uploadKey, 'x-ads-meta-Content-Type': 'text/csv' },
      ],
    });
    expect(completed.results['large.bin']).toMatchObject({
      objectKey: 'large.bin',
      size: large.length,
      parts: [{ status: 'Ok' }, { status: 'Ok' }],
    });
    expect(completed.results['small.bin']).toMatchObject({
      objectKey: 'small.bin',
      size: 2000,
      contentType: 'text/csv',
    });

    const downloads = await oss.batchSignedS3Download(
      bucketKey,
      { requests: [{ objectKey: 'large.bin' }, { objectKey: 'small.bin' }, { objectKey: 'none.bin' }] },
      { minutesExpiration: 5 },
    );
    const results = downloads.results as unknown as Record<string, SignedS3DownloadResponse | { status: string }>;
    expect(results['none.bin']).toMatchObject({ status: 'error' });
    for (const [key, bytes] of [
      ['large.bin', large],
      ['small.bin', small],
    ] as const) {
      const result = results[key] as SignedS3DownloadResponse;
      expect(result).toMatchObject({ status: 'complete', size: bytes.length, sha1: sha1(bytes) });
      expect(sha1(new Uint8Array(await (await fetch(result.url!)).arrayBuffer()))).toBe(sha1(bytes));
    }
  });
});
