import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeOnlyIdleConnections } from './server-timeouts';

/** A server that answers with the length of what it received. */
async function countingServer(): Promise<Server> {
  const app = new Hono().put('/bytes', async (c) => c.text(String((await c.req.arrayBuffer()).byteLength)));
  // A closed request's body ends in an error: answered, not logged.
  app.onError((_error, c) => c.text('closed', 400));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  return server;
}

/** PUTs `chunks` chunks of 1 KiB, the next each time `next` resolves; resolves with the answer or the error. */
function slowPut(
  server: Server,
  chunks: number,
  next: () => Promise<void>,
): Promise<{ status: number; body: string } | Error> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve) => {
    const put = request(
      { host: '127.0.0.1', port, path: '/bytes', method: 'PUT', headers: { 'Content-Length': String(chunks * 1024) } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    put.on('error', resolve);
    void (async () => {
      for (let chunk = 0; chunk < chunks; chunk++) {
        await next();
        if (put.destroyed) return;
        put.write(Buffer.alloc(1024, 1));
      }
      put.end();
    })();
  });
}

describe('a server that closes only idle connections', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('no longer limits how long a whole request may take (Node cut one at 5 minutes)', async () => {
    server = await countingServer();
    expect(server.requestTimeout).toBe(300_000);
    closeOnlyIdleConnections(server);
    expect(server.requestTimeout).toBe(0);
    expect(server.timeout).toBe(300_000);
  });

  // Far apart, the chunk every 100 ms and the second of idleness leave a loaded machine's delays room.
  it('receives a request whose bytes keep coming for longer than the idle time', async () => {
    server = await countingServer();
    closeOnlyIdleConnections(server, 1_000);
    const started = Date.now();
    const answer = await slowPut(server, 12, () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(Date.now() - started).toBeGreaterThan(1_100);
    expect(answer).toEqual({ status: 200, body: String(12 * 1024) });
  });

  it('closes a request whose bytes stop coming', async () => {
    server = await countingServer();
    closeOnlyIdleConnections(server, 1_000);
    let sent = 0;
    const stalled = new Promise<void>(() => undefined);
    const answer = await slowPut(server, 4, () => (sent++ < 2 ? Promise.resolve() : stalled));
    expect(answer).toBeInstanceOf(Error);
    expect(sent).toBe(3);
  });
});
