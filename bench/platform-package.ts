import { spawn, execFileSync } from 'node:child_process';
import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { startPlatform as StartPlatform } from '../packages/platform/index';
import { installIntoScratch } from '../scripts/platform-package/scratch';
import { azuriteWithBlobs } from './azurite';
import { result, type Benchmark, type BenchResult } from './harness';
import { packageTranslation, seededCaller } from './package-translation';

const ROOT = path.resolve(import.meta.dirname, '..');
const STARTS = 3;
const RESETS = 10;
/** How long a started process is left before its memory is read: at rest, after its start's garbage. */
const SETTLE_MS = 3000;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function bytesUnder(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const sizes = await Promise.all(
    entries.filter((entry) => entry.isFile()).map((entry) => lstat(path.join(entry.parentPath, entry.name))),
  );
  return sizes.reduce((sum, stats) => sum + stats.size, 0);
}

const residentMb = (pid: number) => Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString()) / 1024;

/** Starts a command, times it to its first answer over HTTP, and reads its memory once it has settled. */
async function startAndSettle(command: string, args: string[], answered: RegExp) {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => answered.test(line) && resolve(performance.now()));
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}) before answering`)));
  });
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const memory = residentMb(child.pid as number);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { startMs: ready - started, memoryMb: memory };
}

/**
 * The platform as an APS developer installs it (issue 50): its installed size, its start to the first
 * answer and its memory at rest (against Azurite's, the peer emulator), its first translation after a
 * start (against a warm one), and reset() to the demo seed (against starting a platform with that seed).
 */
export const platformPackage: Benchmark = {
  name: 'platform-package',
  async run(): Promise<BenchResult[]> {
    const scratch = await installIntoScratch();
    const dataRoot = await mkdtemp(path.join(os.tmpdir(), 'ddm-bench-package-'));
    try {
      const installed = await bytesUnder(path.join(scratch.dir, 'node_modules'));
      const repository = await bytesUnder(path.join(ROOT, 'node_modules'));
      const platformRuns = [];
      for (let run = 0; run < STARTS; run++) {
        const args = ['serve', '--port', '0', '--data-dir', path.join(dataRoot, `start-${run}`)];
        const lean = ['--workers-start', 'on-demand', '--db-buffers', '16'];
        platformRuns.push(await startAndSettle(scratch.bin, [...args, ...lean], /listening on/));
      }
      const azurite = await azuriteWithBlobs('bench', 0);
      const azuriteStart = azurite.startMs;
      const azuriteMemory = residentMb(azurite.pid);
      await azurite.stop();

      const { startPlatform } = (await import(
        path.join(scratch.dir, 'node_modules/design-data-platform/dist/index.mjs')
      )) as { startPlatform: typeof StartPlatform };
      const translation = await packageTranslation(startPlatform);
      const startedAt = performance.now();
      const platform = await startPlatform({ seed: 'demo' });
      const seededStartMs = performance.now() - startedAt;
      const resets = [];
      const seededApp = platform.apps.find((app) => app.clientSecret);
      for (let run = 0; run < RESETS; run++) {
        // A change to undo: a bucket of the demo's server app (its token is one too).
        const call = await seededCaller(platform.url, seededApp?.clientId ?? '', seededApp?.clientSecret ?? '');
        await call('/oss/v2/buckets', {
          method: 'POST',
          body: JSON.stringify({ bucketKey: `reset-${run}`, policyKey: 'transient' }),
          headers: { 'Content-Type': 'application/json' },
        });
        const before = performance.now();
        await platform.reset();
        resets.push(performance.now() - before);
      }
      await platform.stop();

      return [
        result(
          'platform-package installed size (MB; baseline: the repository)',
          installed / 2 ** 20,
          'MB',
          repository / 2 ** 20,
        ),
        result(
          'platform-package serve start to answering (median; baseline: Azurite)',
          median(platformRuns.map((run) => run.startMs)),
          'ms',
          azuriteStart,
        ),
        result(
          'platform-package serve memory at rest, workers on demand (baseline: Azurite)',
          median(platformRuns.map((run) => run.memoryMb)),
          'MB',
          azuriteMemory,
        ),
        result(
          'platform-package first translation after a start (baseline: a warm one)',
          translation.firstMs,
          'ms',
          translation.warmMs,
        ),
        result(
          'platform-package reset() to the demo seed (median; baseline: a seeded start)',
          median(resets),
          'ms',
          seededStartMs,
        ),
      ];
    } finally {
      await rm(dataRoot, { recursive: true, force: true });
      await scratch.remove();
    }
  },
};
