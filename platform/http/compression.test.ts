import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../testing/listen';
import { createBucket, objectPath, putObject, serverApp } from '../testing/oss';
import { createTestPlatform, type TestPlatform } from '../testing/test-platform';
import { Hono } from 'hono';
import { acceptsGzip, compressJsonAnswers, decodedInProcess, MIN_COMPRESSED_BYTES } from './compression';

describe('Accept-Encoding', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    ['br, *;q=0.1', true],
    ['gzip;q=0.5, identity', true],
    [undefined, false],
    ['', false],
    ['identity', false],
    ['br, deflate', false],
    ['gzip;q=0', false],
    ['*;q=0', false],
    ['gzip;q=0, *', false],
    ['gzip;q=nonsense', false],
  ])('%j lets the answer go as gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('the middleware on its own', () => {
  const app = new Hono();
  app.use('*', compressJsonAnswers());
  const rows = Array.from({ length: 5_000 }, (_, row) => ({
    row,
    name: `row ${row}`,
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, row)).toISOString(),
  }));
  app.get('/large', (c) => c.json({ rows }));
  app.get('/text', (c) => c.text('x'.repeat(10_000)));

  it('compresses a large answer (off the event loop) and a small one alike, each to the same document', async () => {
    const answer = await app.request('/large', { headers: { 'Accept-Encoding': 'gzip' } });
    const packed = Buffer.from(await answer.arrayBuffer());
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.stringify({ rows }).length).toBeGreaterThan(128 * 1024);
    expect(JSON.parse(gunzipSync(packed).toString())).toEqual({ rows });
  });

  it('answers a request made in-process (a workitem’s) decoded, whatever it asked for, as fetch hands an answer over', async () => {
    const answer = await decodedInProcess(app.fetch)(
      new Request('http://platform/large', { headers: { 'Accept-Encoding': 'gzip' } }),
    );
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(await answer.json()).toEqual({ rows });
  });

  it('leaves answers that are not JSON alone', async () => {
    const answer = await app.request('/text', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(await answer.text()).toHaveLength(10_000);
  });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

/** node:http, which unlike fetch leaves the body as it came. */
function raw(url: string, method: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, bytes: Buffer.concat(chunks) }),
      );
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('JSON answers over a socket', () => {
  let platform: TestPlatform;
  let server: Awaited<ReturnType<typeof listen>>;
  let bearer: Record<string, string>;
  let bucketKey: string;
  const document = JSON.stringify({ rows: Array.from({ length: 200 }, (_, row) => ({ row, name: `row ${row}` })) });

  beforeAll(async () => {
    platform = await createTestPlatform();
    server = await listen(platform);
    ({ bearer } = await serverApp(platform));
    ({ bucketKey } = await createBucket(platform, bearer));
    for (let index = 0; index < 30; index++) {
      expect((await putObject(platform, bearer, bucketKey, `part-${index}.bin`, new Uint8Array(16))).status).toBe(200);
    }
    expect(
      (
        await putObject(platform, bearer, bucketKey, 'rows.json', Buffer.from(document), {
          'Content-Type': 'application/json',
        })
      ).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await platform?.close();
  });

  const listing = () => `${server.url}/oss/v2/buckets/${bucketKey}/objects?limit=100`;

  it('go gzip-compressed to a client that accepts it, with their length, and decode to the same document', async () => {
    const plain = await raw(listing(), 'GET', { ...bearer, 'Accept-Encoding': 'identity' });
    const packed = await raw(listing(), 'GET', { ...bearer, 'Accept-Encoding': 'gzip, deflate, br' });
    expect([plain.status, packed.status]).toEqual([200, 200]);
    expect(plain.bytes.byteLength).toBeGreaterThan(MIN_COMPRESSED_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(Number(packed.headers['content-length'])).toBe(packed.bytes.byteLength);
    expect(packed.bytes.byteLength).toBeLessThan(plain.bytes.byteLength / 4);
    expect(JSON.parse(gunzipSync(packed.bytes).toString())).toEqual(JSON.parse(plain.bytes.toString()));
    for (const answer of [plain, packed]) expect(answer.headers['vary']).toMatch(/Accept-Encoding/);
    // The answer's other headers come along.
    expect(packed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(packed.headers['content-type']).toBe(plain.headers['content-type']);
  });

  it('stay as they are when small, for HEAD, and when the client turns gzip down', async () => {
    const small = await raw(`${server.url}/oss/v2/buckets/${bucketKey}/details`, 'GET', {
      ...bearer,
      'Accept-Encoding': 'gzip',
    });
    expect(small.status).toBe(200);
    expect(small.bytes.byteLength).toBeLessThan(MIN_COMPRESSED_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    const head = await raw(listing(), 'HEAD', { ...bearer, 'Accept-Encoding': 'gzip' });
    expect(head.headers['content-encoding']).toBeUndefined();
    const refused = await raw(listing(), 'GET', { ...bearer, 'Accept-Encoding': 'gzip;q=0, *' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.bytes.toString())).toHaveProperty('items');
  });

  it('leave a stored JSON file as stored: a download keeps its bytes, its length and its ranges', async () => {
    const whole = await raw(`${server.url}${objectPath(bucketKey, 'rows.json')}`, 'GET', {
      ...bearer,
      'Accept-Encoding': 'gzip',
    });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toMatch(/^application\/json/);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.bytes.toString()).toBe(document);
    const part = await raw(`${server.url}${objectPath(bucketKey, 'rows.json')}`, 'GET', {
      ...bearer,
      'Accept-Encoding': 'gzip',
      Range: 'bytes=0-9',
    });
    expect([part.status, part.bytes.toString(), part.headers['content-encoding']]).toEqual([
      206,
      document.slice(0, 10),
      undefined,
    ]);
  });

  it('reach fetch and the platform’s own clients decoded', async () => {
    const answer = await fetch(listing(), { headers: bearer });
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(((await answer.json()) as { items: unknown[] }).items).toHaveLength(31);
  });
});
