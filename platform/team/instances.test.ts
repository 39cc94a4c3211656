import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlatformCommand, startPlatform, type RunningPlatform } from '../../scripts/platform-process';
import { basicAuth, formPost } from '../testing/oauth-flow';
import { startRoundRobin, type RoundRobin } from '../testing/round-robin';
import { freshSchema, reasonToSkip } from '../testing/shared-database';

const skip = reasonToSkip('two serve instances on one PostgreSQL server');

describe.skipIf(skip)('two serve instances on one PostgreSQL server', () => {
  const dirs: string[] = [];
  let env: NodeJS.ProcessEnv;
  let balancer: RoundRobin;
  let a: RunningPlatform;
  let b: RunningPlatform;
  let app: { client_id: string; client_secret: string };

  beforeAll(async () => {
    env = { ...process.env, DATABASE_URL: await freshSchema() };
    balancer = await startRoundRobin([]);
    const serve = async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-team-'));
      dirs.push(dir);
      // Every instance of a deployment is reached at the balancer's address: the tokens' issuer.
      return startPlatform(['--port', '0', '--data-dir', dir, '--public-url', balancer.url, '--rate-limit', 'data-management=6'], env);
    };
    [a, b] = await Promise.all([serve(), serve()]);
    balancer.targets.push(a.url, b.url);
    app = JSON.parse(await runPlatformCommand(['admin', 'app', 'create', '--name', 'Team', '--type', 'server', '--scopes', 'data:read bucket:read'], env)) as typeof app;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await balancer?.close();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const token = async (from: RunningPlatform) => {
    const response = await fetch(`${from.url}/authentication/v2/token`,
      formPost({ grant_type: 'client_credentials', scope: 'data:read bucket:read' }, basicAuth(app.client_id, app.client_secret)));
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const buckets = (on: RunningPlatform, accessToken: string) => fetch(`${on.url}/oss/v2/buckets`, { headers: { Authorization: `Bearer ${accessToken}` } });

  it('publish the same keys, and a token one issued works on the other', async () => {
    const [keysA, keysB] = await Promise.all([a, b].map(async (on) => (await fetch(`${on.url}/authentication/v2/keys`)).json() as Promise<{ keys: unknown[] }>));
    expect(keysA).toEqual(keysB);
    expect(keysA?.keys).toHaveLength(1);
    expect((await buckets(b, await token(a))).status).toBe(200);
    expect((await buckets(a, await token(b))).status).toBe(200);
  });

  it('a token revoked on one is refused by the other', async () => {
    const accessToken = await token(a);
    expect((await buckets(b, accessToken)).status).toBe(200);
    const revoked = await fetch(`${a.url}/authentication/v2/revoke`,
      formPost({ token: accessToken, token_type_hint: 'access_token' }, basicAuth(app.client_id, app.client_secret)));
    expect(revoked.status).toBe(200);
    expect((await buckets(b, accessToken)).status).toBe(401);
  });

  it('count the Data Management limit across both: requests alternating between them meet the 429 together', async () => {
    const accessToken = await token(a);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await fetch(`${(i % 2 ? b : a).url}/project/v1/hubs`, { headers: { Authorization: `Bearer ${accessToken}` } });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });
});
