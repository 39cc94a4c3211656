import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlatformCommand, startPlatform, type RunningPlatform } from '../../../scripts/platform-process';
import type { TokenResponse } from '../../../contracts/authentication';
import type { BucketObjectsResponse, SignedS3DownloadResponse, SignedS3UploadResponse } from '../../../contracts/oss';
import { sha1, someBytes } from '../../testing/oss';

// A real platform process, killed with SIGKILL while uploads are in flight, then started again.
let dataDir: string;
let platform: RunningPlatform | undefined;
let credentials: { client_id: string; client_secret: string };
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-crash-'));
  credentials = JSON.parse(
    await runPlatformCommand(['admin', 'app', 'create', '--name', 'crash', '--type', 'server', '--data-dir', dataDir]),
  ) as typeof credentials;
});
afterAll(async () => {
  await platform?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function connect() {
  platform = await startPlatform(['--port', '0', '--data-dir', dataDir, '--translation-workers', '1']);
  const basic = Buffer.from(`${credentials.client_id}:${credentials.client_secret}`).toString('base64');
  const response = await fetch(`${platform.url}/authentication/v2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&scope=bucket:create bucket:read data:read data:write data:create',
  });
  const { access_token: token } = (await response.json()) as TokenResponse;
  const url = platform.url;
  const call = (route: string, init: RequestInit = {}) =>
    fetch(`${url}${route}`, { ...init, headers: { Authorization: `Bearer ${token}`, ...init.headers } });
  return { call };
}

/** Waits, without sleeping blindly, until `condition` holds. */
async function until(condition: () => boolean | Promise<boolean>, what: string, attempts = 3000) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a kill -9 during concurrent uploads', () => {
  it('loses no acknowledged object and shows no half object after a restart', async () => {
    const { call } = await connect();
    const bucketKey = 'crash-test-bucket';
    expect(
      (
        await call('/oss/v2/buckets', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ bucketKey, policyKey: 'persistent' }),
        })
      ).status,
    ).toBe(200);
    const sent = new Map<string, string>();
    const acknowledged = new Map<string, string>();
    const objects = `/oss/v2/buckets/${bucketKey}/objects`;

    async function direct(worker: number) {
      for (let index = 0; ; index++) {
        const key = `direct/${worker}/${index}`;
        const bytes = someBytes(256 * 1024 + ((worker * 7919 + index * 104_729) % (2 * 1024 * 1024)));
        sent.set(key, sha1(bytes));
        const response = await call(`${objects}/${encodeURIComponent(key)}`, { method: 'PUT', body: bytes });
        if (response.status === 200) acknowledged.set(key, sha1(bytes));
      }
    }
    async function multipart(worker: number) {
      for (let index = 0; ; index++) {
        const key = `multipart/${worker}/${index}`;
        const parts = [someBytes(5 * 1024 * 1024), someBytes(5 * 1024 * 1024), someBytes(1000 + index)];
        sent.set(key, sha1(Buffer.concat(parts)));
        const signed = (await (
          await call(`${objects}/${encodeURIComponent(key)}/signeds3upload?parts=3`)
        ).json()) as SignedS3UploadResponse;
        for (const [part, bytes] of parts.entries()) await fetch(signed.urls[part]!, { method: 'PUT', body: bytes });
        const done = await call(`${objects}/${encodeURIComponent(key)}/signeds3upload`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ uploadKey: signed.uploadKey }),
        });
        if (done.status === 200) acknowledged.set(key, sent.get(key)!);
      }
    }
    // The workers run until the kill makes their requests fail.
    const workers = [0, 1, 2, 3]
      .map((worker) => direct(worker).catch(() => undefined))
      .concat([0, 1].map((worker) => multipart(worker).catch(() => undefined)));
    await until(
      () => acknowledged.size >= 12 && [...acknowledged.keys()].some((key) => key.startsWith('multipart/')),
      'uploads to be acknowledged',
    );
    const killed = platform!;
    const exited = once(killed.child, 'exit');
    killed.child.kill('SIGKILL');
    await exited;
    await Promise.all(workers);
    const before = new Map(acknowledged);

    const { call: again } = await connect();
    const listed: BucketObjectsResponse['items'] = [];
    for (let startAt = ''; ;) {
      const page = (await (
        await again(`${objects}?limit=100${startAt ? `&startAt=${encodeURIComponent(startAt)}` : ''}`)
      ).json()) as BucketObjectsResponse;
      listed.push(...page.items);
      if (!page.next) break;
      startAt = page.items.at(-1)!.objectKey;
    }
    const found = new Map(listed.map((item) => [item.objectKey, item.sha1]));
    for (const [key, hash] of before) expect(found.get(key), key).toBe(hash);
    for (const item of listed) {
      expect(sent.get(item.objectKey), item.objectKey).toBe(item.sha1);
      const signed = (await (
        await again(`${objects}/${encodeURIComponent(item.objectKey)}/signeds3download`)
      ).json()) as SignedS3DownloadResponse;
      const bytes = new Uint8Array(await (await fetch(signed.url!)).arrayBuffer());
      expect(sha1(bytes), `bytes of ${item.objectKey}`).toBe(item.sha1);
    }
    // The sweep at start removes what the killed writes left in the temporary folder.
    await until(
      async () => (await readdir(path.join(dataDir, 'blobs', 'tmp'))).length === 0,
      'temporary files to be swept',
    );
  }, 180_000);
});
