import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_APP_SCOPES, DEFAULT_CALLBACK_PATH } from '../contracts/app-config';
import { startAppServer } from '../scripts/app-server';
import { runPlatformCommand, startPlatform } from '../scripts/platform-process';

/**
 * One real stack for the suite: the built app (`dist/`) and a platform on a fresh data directory,
 * both on free loopback ports, seeded with the demo account. Stopped when the suite ends.
 */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-e2e-'));
  const app = await startAppServer('dist', '127.0.0.1', 0);
  const demo = JSON.parse(await runPlatformCommand(['admin', 'demo', '--app-origin', app.origin, '--data-dir', dataDir])) as {
    client_id: string;
    email: string;
    password: string;
  };
  const platform = await startPlatform(['--port', '0', '--data-dir', dataDir, '--app-origin', app.origin]);
  app.setConfig({
    platformUrl: platform.url,
    platformName: 'Local platform',
    clientId: demo.client_id,
    callbackPath: DEFAULT_CALLBACK_PATH,
    scopes: DEFAULT_APP_SCOPES,
  });
  process.env['E2E_APP_URL'] = app.origin;
  process.env['E2E_PLATFORM_URL'] = platform.url;
  process.env['E2E_DEMO_EMAIL'] = demo.email;
  process.env['E2E_DEMO_PASSWORD'] = demo.password;
  return async () => {
    await platform.stop();
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
