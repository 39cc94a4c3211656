import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { PLATFORM_COMMAND } from '../../scripts/platform-process';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A unit cube as OBJ: a model every engine translates in milliseconds. */
export const CUBE = [
  'v 0 0 0',
  'v 1 0 0',
  'v 1 1 0',
  'v 0 1 0',
  'v 0 0 1',
  'v 1 0 1',
  'v 1 1 1',
  'v 0 1 1',
  'f 1 2 3 4',
  'f 5 6 7 8',
  'f 1 2 6 5',
  'f 2 3 7 6',
  'f 3 4 8 7',
  'f 4 1 5 8',
].join('\n');

/**
 * A flat grid of `n`×`n` quads as OBJ (n = 500 is about 11 MB): a job that takes seconds even in a warm
 * worker, so a test can catch it running and stop its worker then.
 */
export function gridObj(n: number): string {
  const lines: string[] = [];
  for (let y = 0; y <= n; y++) for (let x = 0; x <= n; x++) lines.push(`v ${x} ${y} ${(x * y) % 7}`);
  const at = (x: number, y: number) => y * (n + 1) + x + 1;
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) lines.push(`f ${at(x, y)} ${at(x + 1, y)} ${at(x + 1, y + 1)} ${at(x, y + 1)}`);
  return lines.join('\n');
}

export interface RunningWorker {
  child: ChildProcess;
  /** The id its leases carry. */
  holder: string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `platform worker` and resolves once it says it is ready. */
export async function startWorker(args: string[], env: NodeJS.ProcessEnv): Promise<RunningWorker> {
  const child = spawn(process.execPath, [...PLATFORM_COMMAND, 'worker', ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const holder = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^worker ready as (\S+),/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) =>
      reject(new Error(`the worker exited (code ${code}) before it was ready: ${stderr.trim()}`)),
    );
  });
  return {
    child,
    holder,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}

/** Asks `check` until it answers something other than undefined; the test's own timeout bounds the wait. */
export async function eventually<T>(check: () => Promise<T | undefined>, pauseMs = 100): Promise<T> {
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}
