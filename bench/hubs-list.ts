import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TokenResponse } from '../contracts/authentication';
import { runPlatformCommand, startPlatform } from '../scripts/platform-process';
import { againstBareServer, type Benchmark } from './harness';

/** `GET /project/v1/hubs` with a 2-legged token, against a bare server answering the same bytes. */
export const hubsList: Benchmark = {
  name: 'hubs-list',
  async run() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-bench-'));
    const admin = (...args: string[]) =>
      runPlatformCommand(['admin', ...args, '--data-dir', dataDir]).then(
        (out) => JSON.parse(out) as Record<string, string>,
      );
    const app = await admin('app', 'create', '--name', 'bench', '--type', 'server', '--scopes', 'data:read');
    await admin('hub', 'create', '--name', 'Bench Hub', '--app', app['client_id']!);
    const platform = await startPlatform(['--port', '0', '--data-dir', dataDir, '--rate-limits', 'off']);
    try {
      // Measured once its translation workers are warm: their warm-up would take the cores from the requests.
      await platform.printed(/^translation workers warm/);
      const basic = Buffer.from(`${app['client_id']}:${app['client_secret']}`).toString('base64');
      const tokenResponse = await fetch(`${platform.url}/authentication/v2/token`, {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&scope=data:read',
      });
      const token = ((await tokenResponse.json()) as TokenResponse).access_token;
      return await againstBareServer('hubs-list', `${platform.url}/project/v1/hubs`, {
        Authorization: `Bearer ${token}`,
      });
    } finally {
      await platform.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
