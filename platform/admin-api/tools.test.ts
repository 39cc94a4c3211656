import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { FaultSet } from '../faults/fault-set';
import { createRecorder } from '../inspector/recorder';
import { createTestPlatform, TEST_APP_ORIGIN, type TestPlatform } from '../testing/test-platform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

function appWithTools(adminApi: boolean) {
  const tools = { adminApi, faults: new FaultSet(), requests: createRecorder() };
  return { tools, app: createApp(platform.deps, console, { tools }) };
}

describe('the platform tools inside createApp', () => {
  it('answers a faulted request with CORS headers a browser can read, and lists it in the inspector', async () => {
    const { app, tools } = appWithTools(true);
    tools.faults.add({ service: 'oss', method: 'GET', path: '/oss/v2/buckets', status: 503, times: 1 });
    const preflight = await app.request('/oss/v2/buckets', {
      method: 'OPTIONS',
      headers: { Origin: TEST_APP_ORIGIN, 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    const faulted = await app.request('/oss/v2/buckets', { headers: { Origin: TEST_APP_ORIGIN } });
    expect(faulted.status).toBe(503);
    expect(faulted.headers.get('access-control-allow-origin')).toBe(TEST_APP_ORIGIN);
    expect(await faulted.json()).toEqual({ reason: expect.stringContaining('fault rule') });
    expect(tools.faults.list()[0]).toMatchObject({ fired: 1 });
    const listed = (await (await app.request('/_platform/requests?service=oss')).json()) as {
      requests: { method: string; status: number }[];
    };
    expect(listed.requests).toContainEqual(expect.objectContaining({ method: 'GET', status: 503 }));
  });

  it('keeps rules given at start without the admin API, whose routes are then not found', async () => {
    const { app, tools } = appWithTools(false);
    tools.faults.add({ service: 'oss', status: 500, times: 1 });
    expect((await app.request('/oss/v2/buckets')).status).toBe(500);
    expect((await app.request('/_platform/faults')).status).toBe(404);
  });
});
