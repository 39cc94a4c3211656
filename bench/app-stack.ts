import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { localPlatformConfig, startAppServer } from '../scripts/app-server';
import { seedDemo, startPlatform } from '../scripts/platform-process';
import { buildApp } from './app-build';

export interface AppStack {
  page: Page;
  appUrl: string;
  platformUrl: string;
  /** Opens a path of the app in a page already signed in. */
  open(path: string): Promise<void>;
  stop(): Promise<void>;
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * The production build served as `npm start` serves it, a platform with the demo seed on a fresh
 * data directory (Data Management's rate limit off, see below), and Chromium signed in as the demo
 * user. `BENCH_DATA_DIR` points the platform at a data directory seeded beforehand instead.
 */
export async function startAppStack(): Promise<AppStack> {
  const { outDir } = await buildApp();
  const own = process.env['BENCH_DATA_DIR'] ? null : await mkdtemp(path.join(os.tmpdir(), 'ddm-bench-app-'));
  const dataDir = own ?? process.env['BENCH_DATA_DIR']!;
  const app = await startAppServer(outDir, '127.0.0.1', 0);
  const demo = await seedDemo(app.origin, dataDir);
  // Every page load starts a fresh app, and so a fresh client-side budget, while the platform counts
  // them all against one app: timed runs would measure Retry-After pauses, not the app. Off here.
  const platform = await startPlatform([
    '--port',
    '0',
    '--data-dir',
    dataDir,
    '--app-origin',
    app.origin,
    '--rate-limit',
    'data-management=off',
  ]);
  app.setConfig(localPlatformConfig(platform.url, demo.client_id));
  let browser: Browser | null = null;
  const stop = async () => {
    await browser?.close();
    await platform.stop();
    await app.close();
    if (own) await rm(own, { recursive: true, force: true });
  };
  try {
    browser = await chromium.launch({
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(app.origin);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(demo.email);
    await page.getByLabel('Password').fill(demo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByRole('table', { name: 'Hubs' }).waitFor();
    return {
      page,
      appUrl: app.origin,
      platformUrl: platform.url,
      open: async (target) => {
        await page.goto(`${app.origin}${target}`);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
