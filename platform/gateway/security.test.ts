import { once } from 'node:events';
import { connect, createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../contracts/authentication';
import { SPEC_RATE_LIMITS } from '../config';
import { formPost } from '../testing/oauth-flow';
import { ALL_OSS_SCOPES, someBytes, uniqueBucketKey } from '../testing/oss';
import { TEST_APP_ORIGIN } from '../testing/test-platform';
import { SIGNED_ROUTE } from './signed-rewrite';
import { createGateway } from './gateway';
import { createTokenSigner } from './signed-tokens';
import { startGatewayStack, type GatewayStack } from '../testing/gateway';

let stack: GatewayStack;
let bearer: Record<string, string>;
let machine: { clientId: string; secret: string };
beforeAll(async () => {
  stack = await startGatewayStack({ rateLimits: { ...SPEC_RATE_LIMITS, introspect: 1 } });
  const app = await stack.platform.registerApp({ name: 'Server', type: 'server' });
  machine = { clientId: app.client_id, secret: app.client_secret! };
  const basic = { Authorization: `Basic ${Buffer.from(`${machine.clientId}:${machine.secret}`).toString('base64')}` };
  const token = await fetch(
    `${stack.url}/authentication/v2/token`,
    formPost({ grant_type: 'client_credentials', scope: ALL_OSS_SCOPES }, basic),
  );
  bearer = { Authorization: `Bearer ${((await token.json()) as TokenResponse).access_token}` };
});
afterAll(async () => {
  expect(stack.leaks).toEqual([]);
  expect(stack.logLines.join('\n')).not.toContain(stack.web.clientSecret);
  await stack.close();
});

/** One raw HTTP/1.1 request, for request targets and Host headers fetch would never send. */
function raw(requestLines: string): Promise<string> {
  const { port, hostname } = new URL(stack.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${requestLines}\r\nConnection: close\r\n\r\n`));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

async function signedDownloadUrl() {
  const bucketKey = uniqueBucketKey('sec');
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${stack.url}${path}`, { ...init, headers: { ...bearer, ...init.headers } });
  await call('/oss/v2/buckets', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ bucketKey, policyKey: 'transient' }),
  });
  await call(`/oss/v2/buckets/${bucketKey}/objects/a.bin`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/octet-stream' },
    body: someBytes(1000),
  });
  const signed = (await (await call(`/oss/v2/buckets/${bucketKey}/objects/a.bin/signeds3download`)).json()) as {
    url: string;
  };
  return signed.url;
}

describe('what the gateway refuses', () => {
  it('grants CORS to the configured app origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${stack.url}/project/v1/hubs`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      });
    expect((await preflight(TEST_APP_ORIGIN)).headers.get('access-control-allow-origin')).toBe(TEST_APP_ORIGIN);
    expect((await preflight('http://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    const simple = await fetch(`${stack.url}/project/v1/hubs`, {
      headers: { ...bearer, Origin: 'http://evil.example' },
    });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses absolute request targets, other Host names and paths naming another host, reaching no upstream', async () => {
    const before = stack.upstreamSignals.length;
    const host = new URL(stack.url).host;
    expect(await raw(`GET http://evil.example/oss/v2/buckets HTTP/1.1\r\nHost: ${host}`)).toMatch(/^HTTP\/1\.1 421/);
    expect(await raw(`GET ${stack.upstreamUrl}/oss/v2/buckets HTTP/1.1\r\nHost: ${host}`)).toMatch(/^HTTP\/1\.1 421/);
    expect(await raw('GET /oss/v2/buckets HTTP/1.1\r\nHost: evil.example')).toMatch(/^HTTP\/1\.1 421/);
    expect(await raw(`GET //evil.example/ HTTP/1.1\r\nHost: ${host}`)).toMatch(/^HTTP\/1\.1 404/);
    expect(await raw(`GET //evil.example/oss/v2/buckets HTTP/1.1\r\nHost: ${host}`)).toMatch(/^HTTP\/1\.1 404/);
    expect((await fetch(`${stack.url}${SIGNED_ROUTE}?url=${encodeURIComponent('http://evil.example/')}`)).status).toBe(
      404,
    );
    expect(stack.upstreamSignals.length).toBe(before);
    // The loopback names of the same port are the same gateway.
    expect(
      await raw(
        `GET /oss/v2/buckets HTTP/1.1\r\nHost: localhost:${new URL(stack.url).port}\r\nAuthorization: ${bearer['Authorization']}`,
      ),
    ).toMatch(/^HTTP\/1\.1 200/);
  });

  it('forwards a signed URL it issued, and refuses a forged, tampered or expired one', async () => {
    const url = await signedDownloadUrl();
    expect((await fetch(url)).status).toBe(200);
    const token = url.slice(url.lastIndexOf('/') + 1);
    const [payload, signature] = token.split('.') as [string, string];
    const before = stack.upstreamSignals.length;

    const forged = createTokenSigner().issue({
      url: `${stack.upstreamUrl}/oss/v2/signed/objects/x`,
      expiresAt: Date.parse('2100-01-01'),
    });
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { u: string; e: number };
    const longer = Buffer.from(JSON.stringify({ ...claims, e: claims.e + 3_600_000 })).toString('base64url');
    const elsewhere = Buffer.from(JSON.stringify({ ...claims, u: 'http://evil.example/' })).toString('base64url');
    for (const bad of [
      forged,
      `${longer}.${signature}`,
      `${elsewhere}.${signature}`,
      `${payload}.${signature.slice(0, -2)}AA`,
      payload,
      'not-a-token',
      `${payload}.${signature}.x`,
    ]) {
      const response = await fetch(`${stack.url}${SIGNED_ROUTE}/${bad}`);
      expect(response.status, bad).toBe(403);
    }
    expect(stack.upstreamSignals.length).toBe(before);

    stack.platform.clock.advance(3 * 60);
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ developerMessage: expect.stringContaining('expired') });
  });

  it('passes 429 with Retry-After and the upstream error bodies on unchanged', async () => {
    const introspect = () =>
      fetch(
        `${stack.url}/authentication/v2/introspect`,
        formPost({ token: 'whatever', client_id: stack.web.clientId }),
      );
    expect((await introspect()).status).toBe(200);
    const limited = await introspect();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    for (const [path, headers] of [
      ['/oss/v2/buckets/no-such-bucket/details', bearer],
      ['/project/v1/hubs/a.missing', bearer],
      ['/oss/v2/buckets', {}],
    ] as const) {
      const direct = await fetch(`${stack.upstreamUrl}${path}`, { headers });
      const through = await fetch(`${stack.url}${path}`, { headers });
      expect(through.status).toBe(direct.status);
      expect(through.headers.get('content-type')).toBe(direct.headers.get('content-type'));
      const [a, b] = [await direct.json(), await through.json()] as Record<string, unknown>[];
      // JSON:API errors carry a fresh id per response; everything else is the same.
      expect(JSON.stringify(b).replace(/"id":"[^"]+"/g, '')).toBe(JSON.stringify(a).replace(/"id":"[^"]+"/g, ''));
    }
  });

  it('logs an upstream failure on a token request (which carries the secret) without the secret, and answers 502', async () => {
    // A port that was free a moment ago: nothing listens there, so the upstream refuses the connection.
    const probe = createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const closed = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await new Promise((resolve) => probe.close(resolve));
    const lines: string[] = [];
    const unreachable = createGateway({
      config: { ...stack.config, upstream: closed, publicUrl: 'http://gateway.test' },
      logger: { error: (line) => lines.push(line) },
    });
    const form = formPost({
      grant_type: 'authorization_code',
      code: 'a-code',
      code_verifier: 'v'.repeat(43),
      redirect_uri: 'http://app.test/cb',
      client_id: stack.web.clientId,
    });
    const response = await unreachable.request('http://gateway.test/authentication/v2/token', form);
    expect(response.status).toBe(502);
    const text = JSON.stringify([...response.headers]) + (await response.text());
    expect(lines).toEqual([expect.stringMatching(/^gateway: POST \/authentication\/v2\/token failed: /)]);
    for (const secret of [stack.web.clientSecret, stack.web.basic.Authorization.slice('Basic '.length)]) {
      expect(text).not.toContain(secret);
      expect(lines.join('\n')).not.toContain(secret);
    }
  });
});
