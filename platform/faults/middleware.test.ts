import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { FaultSet } from './fault-set';
import { FAULT_HEADER, faultMiddleware, type FaultMiddlewareOptions } from './middleware';

const BODY = 'x'.repeat(1000);

/** A stand-in for the platform: every path answers 200 with BODY and counts its calls. */
function faultyApp(rules: unknown[], options?: FaultMiddlewareOptions) {
  const faults = new FaultSet(rules);
  const app = new Hono();
  const handled = { count: 0 };
  const { outer, inner } = faultMiddleware(faults, options);
  app.use('*', outer, inner);
  app.all('*', (c) => {
    handled.count += 1;
    return c.text(BODY);
  });
  return { app, faults, handled };
}

/** A token with the claims the platform signs; the middleware reads them without the signature. */
const unsignedToken = (claims: object) =>
  ['{"alg":"RS256"}', JSON.stringify(claims)].map((part) => Buffer.from(part).toString('base64url')).join('.') + '.sig';

describe('answers with the service’s own error body', () => {
  it.each([
    ['/oss/v2/buckets/b/details', 503, { reason: 'Service unavailable (fault rule fault-1 of the platform).' }],
    ['/modelderivative/v2/designdata/u/manifest', 504, { diagnostic: expect.stringMatching(/^Gateway timeout/) }],
    [
      '/data/v1/projects/p/items/i',
      500,
      {
        jsonapi: { version: '1.0' },
        errors: [expect.objectContaining({ status: '500', code: 'INTERNAL_ERROR', title: 'Internal error' })],
      },
    ],
    ['/da/us-east/v3/workitems', 429, { developerMessage: 'Quota limit exceeded.' }],
    ['/da/us-east/v3/workitems', 503, 'Service unavailable (fault rule fault-1 of the platform).'],
    [
      '/authentication/v2/token',
      429,
      expect.objectContaining({ error: 'rate_limit_exceeded', errorCode: 'ERR-001', userMessage: '' }),
    ],
    ['/authentication/v2/token', 503, expect.objectContaining({ error: 'temporarily_unavailable' })],
    ['/userprofile/v1/users/@me', 500, expect.objectContaining({ errorCode: 'INTERNAL_ERROR', userMessage: '' })],
  ])('%s %i', async (path, status, body) => {
    const { app, handled } = faultyApp([{ status }]);
    const response = await app.request(path, { method: 'POST' });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(body);
    expect(response.headers.get(FAULT_HEADER)).toBe('fault-1');
    expect(handled.count).toBe(0);
  });

  it('sends Retry-After: the rule’s, or 1 for a 429 without one', async () => {
    const given = faultyApp([{ status: 503, retryAfter: 30 }]);
    expect((await given.app.request('/oss/v2/buckets')).headers.get('retry-after')).toBe('30');
    const defaulted = faultyApp([{ status: 429 }]);
    expect((await defaulted.app.request('/oss/v2/buckets')).headers.get('retry-after')).toBe('1');
    const none = faultyApp([{ status: 500 }]);
    expect((await none.app.request('/oss/v2/buckets')).headers.get('retry-after')).toBeNull();
  });
});

describe('matching the app', () => {
  it('reads the client id from a bearer token’s claims, Basic credentials or the query', async () => {
    const { app, handled } = faultyApp([{ app: 'app-a', status: 503 }]);
    const statusWith = async (headers: Record<string, string>, query = '') =>
      (await app.request(`/oss/v2/buckets${query}`, { headers })).status;
    expect(await statusWith({ Authorization: `Bearer ${unsignedToken({ client_id: 'app-a' })}` })).toBe(503);
    expect(await statusWith({ Authorization: `Bearer ${unsignedToken({ client_id: 'app-b' })}` })).toBe(200);
    expect(await statusWith({ Authorization: `Basic ${Buffer.from('app-a:secret').toString('base64')}` })).toBe(503);
    expect(await statusWith({}, '?client_id=app-a')).toBe(503);
    expect(await statusWith({ Authorization: 'Bearer not-a-jwt' })).toBe(200);
    expect(handled.count).toBe(2);
  });
});

describe('passing through', () => {
  it('waits out the latency before the handler runs, then answers as the handler does', async () => {
    let release: () => void = () => undefined;
    const sleep = vi.fn((_ms: number) => new Promise<void>((resolve) => (release = resolve)));
    const { app, handled } = faultyApp([{ latencyMs: 1500, path: '/oss/**' }, { latencyMs: 500 }], { sleep });
    const pending = app.request('/oss/v2/buckets');
    await vi.waitFor(() => expect(sleep).toHaveBeenCalledWith(2000));
    expect(handled.count).toBe(0);
    release();
    const response = await pending;
    expect(await response.text()).toBe(BODY);
    expect(response.headers.get(FAULT_HEADER)).toBe('fault-1, fault-2');
    expect(handled.count).toBe(1);
  });

  it('cuts the body after N bytes: the reader gets them, then an error', async () => {
    const { app } = faultyApp([{ cutAfterBytes: 300 }]);
    const response = await app.request('/modelderivative/v2/designdata/u/manifest');
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let received = 0;
    const failure = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return undefined;
        received += value.byteLength;
      }
    })().catch((error: unknown) => error);
    expect(received).toBe(300);
    expect(String(failure)).toMatch(/cut by a fault rule after 300 bytes/);
  });

  it('never faults the platform’s own /_platform/ endpoints, and costs nothing while empty', async () => {
    const { app, faults } = faultyApp([{ status: 500 }]);
    expect((await app.request('/_platform/faults')).status).toBe(200);
    faults.clear();
    const response = await app.request('/oss/v2/buckets');
    expect(response.status).toBe(200);
    expect(response.headers.get(FAULT_HEADER)).toBeNull();
  });
});
