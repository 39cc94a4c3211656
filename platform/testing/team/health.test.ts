import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { healthRoutes } from '../../http/health';
import { requestLog } from '../../http/request-log';
import { requestIdHeader } from '../../http/response-headers';
import { openMemoryDatabase } from '../../storage/db/open';
import { createTestPlatform, type TestPlatform } from '../test-platform';

let platform: TestPlatform;
beforeEach(async () => {
  platform = await createTestPlatform();
});
afterEach(() => platform.close());

describe('health and readiness, for a load balancer', () => {
  it('/health says alive and /ready ready, without a token, until the process drains', async () => {
    const health = await platform.request('/health');
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await platform.request('/ready');
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
    platform.app.readiness.draining = true;
    const draining = await platform.request('/ready');
    expect([draining.status, await draining.json()]).toEqual([503, { status: 'draining' }]);
    expect((await platform.request('/health')).status).toBe(200);
  });

  it('/ready says unavailable, in words, when the database does not answer', async () => {
    const db = await openMemoryDatabase();
    await db.close();
    const ready = await healthRoutes(db, { draining: false }).request('/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      status: 'unavailable',
      reason: expect.stringContaining('The database does not answer'),
    });
  });
});

describe('the request log', () => {
  it('writes one JSON entry per request with the x-request-id the client got', async () => {
    const entries: Record<string, unknown>[] = [];
    const app = new Hono();
    app.use('*', requestIdHeader());
    app.use(
      '*',
      requestLog((entry) => entries.push(entry)),
    );
    app.get('/thing', (c) => c.text('ok'));
    const response = await app.request('/thing?x=1');
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(entries).toEqual([
      { level: 'info', msg: 'request', requestId, method: 'GET', path: '/thing', status: 200, ms: expect.any(Number) },
    ]);
    expect(JSON.parse(JSON.stringify(entries[0]))).toEqual(entries[0]);
  });
});
