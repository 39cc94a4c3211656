import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How Node runs the platform; package.json's `platform` script says the same. A streaming process
 * keeps a small live heap (about 15 MB), and V8 then starts a full mark-compact for every ~15 MB of
 * socket buffers passing through, because the old generation's headroom is smaller than the young
 * generation. An initial old-generation limit of 64 MB takes a 1 GiB gateway upload from ~65
 * mark-compacts to 1-3, a third less CPU (measured with `platform gateway` and `--trace-gc`).
 */
const PLATFORM_NODE_ARGS = ['--initial-old-space-size=64'];

/** Node's arguments that run a platform command as `npm run platform` does: from its build (`platform/launch.mjs`). */
export const PLATFORM_COMMAND = [...PLATFORM_NODE_ARGS, path.join(ROOT, 'platform', 'launch.mjs')];

const nodeArgs = (args: string[]) => [...PLATFORM_COMMAND, ...args];

/** Runs a platform command to its end and returns what it printed, or throws with its error output. */
export async function runPlatformCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const child = spawn(process.execPath, nodeArgs(args), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`platform ${args.slice(0, 3).join(' ')} failed (exit ${code}): ${stderr.trim()}`);
  return stdout;
}

export interface RunningPlatform {
  url: string;
  child: ChildProcess;
  /** Resolves with the first line the platform prints (from its start) that matches `pattern`. */
  printed: (pattern: RegExp) => Promise<string>;
  stop(): Promise<void>;
}

/** Starts `platform serve` and resolves with its URL once it accepts requests. */
export async function startPlatform(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<RunningPlatform> {
  const child = spawn(process.execPath, nodeArgs(['serve', ...args]), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  const lines = createInterface({ input: child.stdout });
  const seen: string[] = [];
  lines.on('line', (line) => seen.push(line));
  const printed = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const earlier = seen.find((line) => pattern.test(line));
      if (earlier !== undefined) return resolve(earlier);
      const onLine = (line: string) => {
        if (!pattern.test(line)) return;
        lines.off('line', onLine);
        resolve(line);
      };
      lines.on('line', onLine);
      child.once('exit', () => reject(new Error(`the platform exited before printing ${pattern}`)));
    });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      const match = /^platform listening on (\S+)$/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) =>
      reject(new Error(`the platform exited (code ${code}) before listening: ${stderr.trim()}`)),
    );
  });
  return {
    url,
    child,
    printed,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** What `admin demo` prints: the demo app and the account to sign in with. */
export interface DemoAccount {
  client_id: string;
  email: string;
  password: string;
  hub_id: string;
}

/** Makes sure the demo account exists in `dataDir`, returning to `appOrigin` after sign-in. */
export async function seedDemo(appOrigin: string, dataDir: string): Promise<DemoAccount> {
  return JSON.parse(
    await runPlatformCommand(['admin', 'demo', '--app-origin', appOrigin, '--data-dir', dataDir]),
  ) as DemoAccount;
}
