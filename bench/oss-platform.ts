import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TokenResponse } from '../contracts/authentication';
import { runPlatformCommand, startPlatform } from '../scripts/platform-process';

const SCOPES = 'bucket:create bucket:read bucket:delete data:read data:write data:create';

/**
 * A listening platform on a fresh data directory under the system temporary folder, with a
 * `server` app's token and one bucket; rate limits off, since a benchmark means to exceed them.
 * Returned once its translation workers are warm, unless `untilWarm` is false.
 */
export async function ossPlatform(bucketKey: string, { untilWarm = true } = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-bench-oss-'));
  const app = JSON.parse(
    await runPlatformCommand(['admin', 'app', 'create', '--name', 'bench', '--type', 'server', '--data-dir', dataDir]),
  ) as Record<string, string>;
  const platform = await startPlatform(['--port', '0', '--data-dir', dataDir, '--rate-limits', 'off']);
  // Measured once its translation workers are warm: their warm-up would take the cores from the requests.
  if (untilWarm) await platform.printed(/^translation workers warm/);
  const basic = Buffer.from(`${app['client_id']}:${app['client_secret']}`).toString('base64');
  const tokenResponse = await fetch(`${platform.url}/authentication/v2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPES }).toString(),
  });
  const headers = { Authorization: `Bearer ${((await tokenResponse.json()) as TokenResponse).access_token}` };
  const call = (route: string, init: RequestInit = {}) =>
    fetch(`${platform.url}${route}`, { ...init, headers: { ...headers, ...init.headers } });
  const created = await call('/oss/v2/buckets', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ bucketKey, policyKey: 'persistent' }),
  });
  if (created.status !== 200) throw new Error(`create bucket answered ${created.status}`);
  return {
    url: platform.url,
    dataDir,
    printed: (pattern: RegExp) => platform.printed(pattern),
    headers,
    call,
    async stop() {
      await platform.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
