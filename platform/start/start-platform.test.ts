import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedPlatform } from '../../packages/platform/index';
import { startPlatform } from './index';

const SEED = {
  apps: [{ client_id: 'suite-app', client_secret: 'suite-app-secret-16', name: 'Suite', type: 'server' }],
  buckets: [{ key: 'suite-bucket', owner: 'suite-app', objects: [{ key: 'seeded.txt', content: 'seeded' }] }],
};

let platform: StartedPlatform;
const environment = process.env['DATABASE_URL'];
beforeAll(async () => {
  // A suite's own database: the platform must not take it (a reset would empty it).
  process.env['DATABASE_URL'] = 'postgres://suite-user@127.0.0.1:1/the-suites-own-database';
  platform = await startPlatform({ seed: SEED });
}, 120_000);
afterAll(async () => {
  await platform?.stop();
  if (environment === undefined) delete process.env['DATABASE_URL'];
  else process.env['DATABASE_URL'] = environment;
});

async function call(route: string, init: RequestInit = {}) {
  const basic = Buffer.from('suite-app:suite-app-secret-16').toString('base64');
  const token = await fetch(`${platform.url}/authentication/v2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&scope=bucket:read data:read data:write',
  });
  const { access_token } = (await token.json()) as { access_token: string };
  return fetch(`${platform.url}${route}`, { ...init, headers: { Authorization: `Bearer ${access_token}` } });
}
const objectKeys = async () =>
  ((await (await call('/oss/v2/buckets/suite-bucket/objects')).json()) as { items: { objectKey: string }[] }).items
    .map((item) => item.objectKey)
    .sort();

describe('startPlatform, as a test suite starts it', () => {
  it('answers on a free port of loopback with the seed document’s apps, on its embedded database', async () => {
    expect(platform.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(platform.apps).toEqual([
      { name: 'Suite', clientId: 'suite-app', clientSecret: 'suite-app-secret-16', type: 'server', callbacks: [] },
    ]);
    expect(await objectKeys()).toEqual(['seeded.txt']);
  });

  it('resets to the seed, and restores a snapshot whole', async () => {
    await call('/oss/v2/buckets/suite-bucket/objects/later.txt', { method: 'PUT', body: 'later' });
    const archive = await platform.snapshot();
    await call('/oss/v2/buckets/suite-bucket/objects/seeded.txt', { method: 'DELETE' });
    expect(await objectKeys()).toEqual(['later.txt']);
    await platform.reset();
    expect(await objectKeys()).toEqual(['seeded.txt']);
    await platform.restore(archive);
    expect(await objectKeys()).toEqual(['later.txt', 'seeded.txt']);
  });

  it('makes faults on demand and clears them', async () => {
    const rule = await platform.faults.add({ service: 'oss', method: 'GET', status: 503, times: 1 });
    expect((await call('/oss/v2/buckets/suite-bucket/objects')).status).toBe(503);
    expect(await platform.faults.list()).toEqual([expect.objectContaining({ id: rule.id, fired: 1 })]);
    await platform.faults.clear();
    expect(await platform.faults.list()).toEqual([]);
  });
});
