import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeUrn } from '../../../contracts/model-derivative';
import { objectUrn } from '../../../contracts/oss';
import { runPlatformCommand, startPlatform, type RunningPlatform } from '../../../scripts/platform-process';
import { basicAuth, formPost } from '../oauth-flow';
import { startRoundRobin, type RoundRobin } from '../round-robin';
import { startS3, type TestS3 } from '../s3';
import { freshSchema, reasonToSkip } from '../shared-database';
import { CUBE, eventually } from '../team-processes';

const SCOPES = 'data:read data:write data:create bucket:read bucket:create';
const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex');
const skip = reasonToSkip('two serve instances on one PostgreSQL server');

describe.skipIf(skip)('two serve instances on one PostgreSQL server and one S3-compatible store', () => {
  const dirs: string[] = [];
  let env: NodeJS.ProcessEnv;
  let balancer: RoundRobin;
  let s3: TestS3;
  let a: RunningPlatform;
  let b: RunningPlatform;
  let app: { client_id: string; client_secret: string };

  beforeAll(async () => {
    s3 = await startS3();
    env = { ...process.env, ...s3.env, DATABASE_URL: await freshSchema() };
    balancer = await startRoundRobin([]);
    const serve = async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-team-'));
      dirs.push(dir);
      // Every instance of a deployment is reached at the balancer's address: the tokens' issuer.
      return startPlatform(
        [
          '--port',
          '0',
          '--data-dir',
          dir,
          '--public-url',
          balancer.url,
          '--rate-limit',
          'data-management=6',
          '--job-lease',
          '3',
          ...s3.flags,
        ],
        env,
      );
    };
    [a, b] = await Promise.all([serve(), serve()]);
    balancer.targets.push(a.url, b.url);
    app = JSON.parse(
      await runPlatformCommand(
        ['admin', 'app', 'create', '--name', 'Team', '--type', 'server', '--scopes', SCOPES],
        env,
      ),
    ) as typeof app;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await balancer?.close();
    await s3?.close();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const token = async (from: RunningPlatform) => {
    const response = await fetch(
      `${from.url}/authentication/v2/token`,
      formPost({ grant_type: 'client_credentials', scope: SCOPES }, basicAuth(app.client_id, app.client_secret)),
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const buckets = (on: RunningPlatform, accessToken: string) =>
    fetch(`${on.url}/oss/v2/buckets`, { headers: { Authorization: `Bearer ${accessToken}` } });

  it('publish the same keys, and a token one issued works on the other', async () => {
    const [keysA, keysB] = await Promise.all(
      [a, b].map(
        async (on) => (await fetch(`${on.url}/authentication/v2/keys`)).json() as Promise<{ keys: unknown[] }>,
      ),
    );
    expect(keysA).toEqual(keysB);
    expect(keysA?.keys).toHaveLength(1);
    expect((await buckets(b, await token(a))).status).toBe(200);
    expect((await buckets(a, await token(b))).status).toBe(200);
  });

  it('a token revoked on one is refused by the other', async () => {
    const accessToken = await token(a);
    expect((await buckets(b, accessToken)).status).toBe(200);
    const revoked = await fetch(
      `${a.url}/authentication/v2/revoke`,
      formPost({ token: accessToken, token_type_hint: 'access_token' }, basicAuth(app.client_id, app.client_secret)),
    );
    expect(revoked.status).toBe(200);
    expect((await buckets(b, accessToken)).status).toBe(401);
  });

  it('count the Data Management limit across both: requests alternating between them meet the 429 together', async () => {
    const accessToken = await token(a);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await fetch(`${(i % 2 ? b : a).url}/project/v1/hubs`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('uploads alternating between instances all come back whole, direct and signed (in parts, through the balancer)', async () => {
    const bearer = { Authorization: `Bearer ${await token(a)}` };
    const bucketKey = `team-${Date.now()}`;
    const made = await fetch(`${a.url}/oss/v2/buckets`, {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ bucketKey, policyKey: 'transient' }),
    });
    expect(made.status).toBe(200);
    const objectUrl = (on: RunningPlatform, key: string, suffix = '') =>
      `${on.url}/oss/v2/buckets/${bucketKey}/objects/${key}${suffix}`;
    const sent = new Map<string, Buffer>();
    for (let i = 0; i < 4; i++) {
      const bytes = randomBytes(i * 70_001);
      sent.set(`direct-${i}`, bytes);
      const put = await fetch(objectUrl(i % 2 ? b : a, `direct-${i}`), { method: 'PUT', headers: bearer, body: bytes });
      expect(put.status).toBe(200);
    }
    // Two parts of a signed upload: the URLs point at the balancer, so each part lands on another instance.
    const parts = [randomBytes(5 * 1024 * 1024), randomBytes(123_457)];
    sent.set('signed', Buffer.concat(parts));
    const signed = (await (
      await fetch(objectUrl(a, 'signed', '/signeds3upload?parts=2'), { headers: bearer })
    ).json()) as { uploadKey: string; urls: string[] };
    for (const [index, part] of parts.entries())
      expect((await fetch(signed.urls[index]!, { method: 'PUT', body: part })).status).toBe(200);
    const completed = await fetch(objectUrl(b, 'signed', '/signeds3upload'), {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ uploadKey: signed.uploadKey }),
    });
    expect(completed.status).toBe(200);

    for (const [index, [key, bytes]] of [...sent].entries()) {
      const from = index % 2 ? a : b;
      const direct = await fetch(objectUrl(from, key), { headers: bearer });
      expect(sha1(new Uint8Array(await direct.arrayBuffer()))).toBe(sha1(bytes));
      const link = (await (await fetch(objectUrl(from, key, '/signeds3download'), { headers: bearer })).json()) as {
        url: string;
      };
      const viaLink = await fetch(link.url);
      expect(sha1(new Uint8Array(await viaLink.arrayBuffer()))).toBe(sha1(bytes));
    }
  });

  // Last: it kills one instance.
  it('a translation started on one is watched on the other; with that one killed, the other carries on and finishes its job', async () => {
    const bearer = { Authorization: `Bearer ${await token(b)}` };
    const bucketKey = `team-jobs-${Date.now()}`;
    const made = await fetch(`${b.url}/oss/v2/buckets`, {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ bucketKey, policyKey: 'transient' }),
    });
    expect(made.status).toBe(200);
    const translate = async (on: RunningPlatform, name: string) => {
      expect(
        (
          await fetch(`${on.url}/oss/v2/buckets/${bucketKey}/objects/${name}`, {
            method: 'PUT',
            headers: bearer,
            body: CUBE,
          })
        ).status,
      ).toBe(200);
      const urn = encodeUrn(objectUrn(bucketKey, name));
      const posted = await fetch(`${on.url}/modelderivative/v2/designdata/job`, {
        method: 'POST',
        headers: { ...bearer, 'Content-Type': 'application/json' },
        body: JSON.stringify({ input: { urn }, output: { formats: [{ type: 'stl' }] } }),
      });
      expect(posted.status).toBe(200);
      return urn;
    };
    const succeeded = (on: RunningPlatform, urn: string) =>
      eventually(async () => {
        const manifest = (await (
          await fetch(`${on.url}/modelderivative/v2/designdata/${urn}/manifest`, { headers: bearer })
        ).json()) as { status?: string };
        return manifest.status === 'success' ? true : undefined;
      });

    await succeeded(b, await translate(a, 'watched.obj'));

    // Killed with a job just posted, whatever state it had reached: b answers, and the job ends as success there.
    const orphan = await translate(a, 'orphan.obj');
    const exited = once(a.child, 'exit');
    a.child.kill('SIGKILL');
    await exited;
    expect((await buckets(b, await token(b))).status).toBe(200);
    await succeeded(b, orphan);
    await succeeded(b, await translate(b, 'after.obj'));
  }, 120_000);
});
