import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultSet } from './fault-set';
import { faultMiddleware } from './middleware';

const SIZE = 256 * 1024;
const bytes = new Uint8Array(SIZE).map((_, index) => index % 251);
const faults = new FaultSet();
let server: ReturnType<typeof serve>;
let base: string;

beforeAll(async () => {
  const app = new Hono();
  const { outer, inner } = faultMiddleware(faults);
  app.use('*', outer, inner);
  // One answer with a length, one streamed in parts without (chunked), as the platform sends both.
  app.get('/oss/v2/sized', (c) =>
    c.body(bytes, 200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(SIZE) }),
  );
  app.get('/oss/v2/streamed', (c) =>
    stream(c, async (out) => {
      for (let at = 0; at < SIZE; at += 16 * 1024) await out.write(bytes.subarray(at, at + 16 * 1024));
    }),
  );
  app.put('/oss/v2/signed/uploads/key/parts/1', (c) => c.body(null, 200, { ETag: '"tag"' }));
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A plain node:http GET: the status, the bytes that arrived, and how the response ended. */
function get(path: string, method = 'GET') {
  return new Promise<{ status: number; received: Buffer; ending: string }>((resolve, reject) => {
    const request = http.request(`${base}${path}`, { agent: false, method }, (response) => {
      const parts: Buffer[] = [];
      const done = (ending: string) =>
        resolve({ status: response.statusCode ?? 0, received: Buffer.concat(parts), ending });
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => done('end'));
      response.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('a cut over a real socket', () => {
  it.each(['/oss/v2/sized', '/oss/v2/streamed'])(
    '%s: the client gets N bytes, then the connection drops',
    async (path) => {
      faults.clear();
      faults.add({ path, cutAfterBytes: 100_000, times: 1 });
      const cut = await get(path);
      expect(cut.status).toBe(200);
      expect(cut.ending).toBe('ECONNRESET');
      expect(cut.received.length).toBe(100_000);
      expect(cut.received.equals(Buffer.from(bytes.subarray(0, 100_000)))).toBe(true);

      const whole = await get(path);
      expect(whole).toMatchObject({ status: 200, ending: 'end' });
      expect(whole.received.length).toBe(SIZE);
    },
  );

  it('fetch (undici) sees the body fail, not end', async () => {
    faults.clear();
    faults.add({ cutAfterBytes: 10, times: 1 });
    const response = await fetch(`${base}/oss/v2/sized`);
    expect(response.headers.get('content-length')).toBe(String(SIZE));
    await expect(response.arrayBuffer()).rejects.toThrow(/terminated/);
  });

  it('cuts an answer without a body after its headers: the part was stored, its answer lost', async () => {
    faults.clear();
    faults.add({ method: 'PUT', cutAfterBytes: 0, times: 1 });
    const lost = await get('/oss/v2/signed/uploads/key/parts/1', 'PUT');
    expect(lost).toMatchObject({ status: 200, ending: 'ECONNRESET' });
    expect(await get('/oss/v2/signed/uploads/key/parts/1', 'PUT')).toMatchObject({ status: 200, ending: 'end' });
  });
});
