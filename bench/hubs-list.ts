import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TokenResponse } from '../contracts/authentication';
import { runPlatformCommand, startPlatform } from '../scripts/platform-process';
import { load, result, type Benchmark } from './harness';

/**
 * `GET /project/v1/hubs` on a listening platform (token check, database, JSON:API) against a bare
 * Node server answering the same bytes: what the platform's stack costs per request.
 */
export const hubsList: Benchmark = {
  name: 'hubs-list',
  async run() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-bench-'));
    const admin = (...args: string[]) => runPlatformCommand(['admin', ...args, '--data-dir', dataDir]).then((out) => JSON.parse(out) as Record<string, string>);
    const app = await admin('app', 'create', '--name', 'bench', '--type', 'server', '--scopes', 'data:read');
    await admin('hub', 'create', '--name', 'Bench Hub', '--app', app['client_id']!);
    const platform = await startPlatform(['--port', '0', '--data-dir', dataDir]);
    try {
      const basic = Buffer.from(`${app['client_id']}:${app['client_secret']}`).toString('base64');
      const tokenResponse = await fetch(`${platform.url}/authentication/v2/token`, {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&scope=data:read',
      });
      const token = ((await tokenResponse.json()) as TokenResponse).access_token;
      const headers = { Authorization: `Bearer ${token}` };
      const sample = await (await fetch(`${platform.url}/project/v1/hubs`, { headers })).text();
      const bare = createServer((_request, response) => {
        response.writeHead(200, { 'Content-Type': 'application/vnd.api+json' });
        response.end(sample);
      });
      await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
      const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
      const baseline = await load(bareUrl, headers);
      const measured = await load(`${platform.url}/project/v1/hubs`, headers);
      bare.close();
      if (measured.errors) throw new Error(`hubs-list: ${measured.errors} requests failed`);
      return [
        result('hubs-list requests per second (50 connections)', measured.requestsPerSecond, 'req/s', baseline.requestsPerSecond),
        result('hubs-list p99 latency (50 connections)', measured.p99Ms, 'ms', baseline.p99Ms),
      ];
    } finally {
      await platform.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
