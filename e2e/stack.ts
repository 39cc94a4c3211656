import { test } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { localPlatformConfig, startAppServer } from '../scripts/app-server';
import { seedDemo, startPlatform } from '../scripts/platform-process';

export interface Stack {
  appUrl: string;
  platformUrl: string;
  clientId: string;
  email: string;
  password: string;
  /** Takes the platform away (an outage) and leaves the app served. */
  stopPlatform(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * For a spec that translates nothing: one translation worker, not two. Each warms for seconds of CPU
 * once the platform listens, on the cores the browser and the platform need for the test.
 */
export const ONE_TRANSLATION_WORKER = ['--translation-workers', '1'];

/**
 * A stack of its own for a spec that needs the platform started differently (a short token lifetime,
 * say): the built app and a platform on a fresh data directory with the demo account, on free ports.
 */
export async function startStack(platformFlags: string[]): Promise<Stack> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-e2e-own-'));
  const app = await startAppServer('dist', '127.0.0.1', 0);
  const demo = await seedDemo(app.origin, dataDir);
  const platform = await startPlatform([
    '--port',
    '0',
    '--data-dir',
    dataDir,
    '--app-origin',
    app.origin,
    ...platformFlags,
  ]);
  app.setConfig(localPlatformConfig(platform.url, demo.client_id));
  return {
    appUrl: app.origin,
    platformUrl: platform.url,
    clientId: demo.client_id,
    email: demo.email,
    password: demo.password,
    stopPlatform: () => platform.stop(),
    async stop() {
      await platform.stop();
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A stack for the spec file that calls this (at its top level): started before its first test,
 * stopped after its last. The returned function gives it to the tests.
 */
export function ownStack(platformFlags: string[] = []): () => Stack {
  let stack: Stack | undefined;
  test.beforeAll(async () => {
    stack = await startStack(platformFlags);
  });
  test.afterAll(async () => {
    await stack?.stop();
  });
  return () => {
    if (!stack) throw new Error('The stack starts in beforeAll; call this from a test.');
    return stack;
  };
}

/** Asks the platform itself whether a token still works (an app may introspect its own tokens). */
export async function isTokenActive(stack: Stack, token: string): Promise<boolean> {
  const response = await fetch(`${stack.platformUrl}/authentication/v2/introspect`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, client_id: stack.clientId }),
  });
  return ((await response.json()) as { active: boolean }).active;
}
