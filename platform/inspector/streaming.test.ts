import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestBody } from '../services/oss/blob-write';
import { recordRequests } from './record-requests';
import { createRecorder } from './recorder';

const LIMIT = 16 * 1024;
const BIG = 24 * 1024 * 1024;
const recorder = createRecorder({ maxBodyBytes: LIMIT });
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
// Text, so the inspector watches it: random bytes as hex.
const bigText = Buffer.from(randomBytes(BIG / 2).toString('hex'));
let gate: () => void = () => undefined;

async function hashed(chunks: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> | null) {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of chunks ?? []) {
    hash.update(chunk);
    bytes += chunk.byteLength;
  }
  return { bytes, sha: hash.digest('hex') };
}

const app = new Hono();
app.use('*', recordRequests(recorder));
// The three ways the platform's handlers read a body: the web stream, Node's stream as OSS reads it, and whole.
app.post('/web-stream', async (c) => c.json(await hashed(c.req.raw.body)));
app.post('/node-stream', async (c) => c.json(await hashed(requestBody(c))));
app.post('/whole', async (c) =>
  c.json({ bytes: (await c.req.text()).length, sha: sha(Buffer.from(await c.req.text())) }),
);
app.get('/big-text', (c) => c.body(bigText, 200, { 'Content-Type': 'text/plain' }));
app.get('/trickle', (c) => {
  const opened = new Promise<void>((resolve) => (gate = resolve));
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(Buffer.from('first '));
      await opened;
      controller.enqueue(Buffer.from('second'));
      controller.close();
    },
  });
  return c.body(body, 200, { 'Content-Type': 'text/plain' });
});

let base = '';
let close: () => Promise<void>;

beforeAll(async () => {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ('closeAllConnections' in server) server.closeAllConnections();
    });
});

afterAll(() => close());

const post = (path: string) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: bigText });

describe('recording over a real socket', () => {
  it.each(['/web-stream', '/node-stream', '/whole'])('keeps a large upload read through %s whole', async (path) => {
    const answer = (await (await post(path)).json()) as { bytes: number; sha: string };
    expect(answer).toEqual({ bytes: BIG, sha: sha(bigText) });
    const [entry] = recorder.list({ limit: 1 });
    expect(entry?.path).toBe(path);
    const { text, truncated } = entry!.request.body;
    // Node's own stream, as OSS reads uploads, is not watched: its body is recorded by its size alone.
    const expected =
      path === '/node-stream' ? { length: undefined, truncated: false } : { length: LIMIT, truncated: true };
    expect({ length: text?.length, truncated }).toEqual(expected);
    expect(entry!.requestSize).toBe(BIG);
  });

  it('streams a large text answer whole, keeping only its start', async () => {
    const response = await fetch(`${base}/big-text`);
    expect(await hashed(response.body)).toEqual({ bytes: BIG, sha: sha(bigText) });
    const [entry] = recorder.list({ limit: 1 });
    expect(entry?.response.body.text?.length).toBeLessThanOrEqual(LIMIT);
    expect(entry?.response.body.truncated).toBe(true);
  });

  it('does not hold an answer back to fill its capture', async () => {
    const response = await fetch(`${base}/trickle`);
    const reader = response.body!.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    expect(Buffer.from((await reader.read()).value!).toString()).toBe('first ');
    gate();
    expect(Buffer.from((await reader.read()).value!).toString()).toBe('second');
    const [entry] = recorder.list({ limit: 1 });
    expect(entry?.response.body).toMatchObject({ text: 'first ', truncated: true });
  });

  it('stays within its memory budget however large the bodies', () => {
    expect(recorder.usage().bytes).toBeLessThan(6 * (2 * LIMIT + 8 * 1024));
  });
});
