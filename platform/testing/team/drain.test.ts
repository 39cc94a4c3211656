import { once } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runPlatformCommand, startPlatform } from '../../../scripts/platform-process';
import { basicAuth, formPost } from '../oauth-flow';
import { eventually } from '../team-processes';

const env = { ...process.env, DATABASE_URL: '' };
const SCOPES = 'data:read data:write data:create bucket:read bucket:create';
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('serve on SIGTERM', () => {
  it('takes no new connection, answers the request under way, then exits', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-drain-'));
    dirs.push(dataDir);
    const app = JSON.parse(
      await runPlatformCommand(
        ['admin', 'app', 'create', '--name', 'Drain', '--type', 'server', '--scopes', SCOPES, '--data-dir', dataDir],
        env,
      ),
    ) as { client_id: string; client_secret: string };
    const platform = await startPlatform(['--port', '0', '--data-dir', dataDir, '--translation-workers', '1'], env);
    const token = await fetch(
      `${platform.url}/authentication/v2/token`,
      formPost({ grant_type: 'client_credentials', scope: SCOPES }, basicAuth(app.client_id, app.client_secret)),
    );
    const bearer = `Bearer ${((await token.json()) as { access_token: string }).access_token}`;
    const bucketKey = `drain-${Date.now()}`;
    await fetch(`${platform.url}/oss/v2/buckets`, {
      method: 'POST',
      headers: { Authorization: bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ bucketKey, policyKey: 'transient' }),
    });

    // An upload under way: its bytes are being written once the blob store's temporary file exists.
    const upload = http.request(`${platform.url}/oss/v2/buckets/${bucketKey}/objects/slow.bin`, {
      method: 'PUT',
      headers: { Authorization: bearer, 'Content-Length': '10' },
    });
    const answered = once(upload, 'response') as Promise<[http.IncomingMessage]>;
    upload.write('12345');
    const tmp = path.join(dataDir, 'blobs', 'tmp');
    await eventually(() => Promise.resolve(existsSync(tmp) && readdirSync(tmp).length > 0 ? true : undefined));

    const exited = once(platform.child, 'exit') as Promise<[number]>;
    const stopping = new Promise<void>((resolve) =>
      platform.child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('draining') && resolve()),
    );
    platform.child.kill('SIGTERM');
    await stopping;
    await expect(fetch(`${platform.url}/health`)).rejects.toThrow();

    upload.end('67890');
    const [response] = await answered;
    expect(response.statusCode).toBe(200);
    const [code] = await exited;
    expect(code).toBe(0);
  }, 120_000);
});
