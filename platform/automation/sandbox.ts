import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { RUNTIME_DIR } from './libraries';

/** How programs are confined on this machine, found once when the engine starts. */
export interface Isolation {
  /** Put before `node` on the command line: the programs that set up the kernel's confinement. */
  prefix(maxFileBytes: number): string[];
  /** What holds, in words, for each run's report. */
  layers: string[];
}

const PRELOAD = path.join(RUNTIME_DIR, 'sandbox-preload.cjs');

function findProgram(name: string): string | undefined {
  return ['/usr/bin', '/bin', '/usr/sbin', '/sbin'].map((dir) => path.join(dir, name)).find((file) => existsSync(file));
}

function works(command: string, args: string[]): boolean {
  const probe = spawnSync(command, [...args, 'true'], { stdio: 'ignore', timeout: 5000, env: {} });
  return probe.status === 0;
}

/**
 * Finds what confines a program here. On Linux, util-linux's `unshare` gives each run its own
 * network namespace (no interface but a loopback that is down: no address outside is reachable) and
 * process namespace (no other process can be seen or signalled); as root directly, as another user
 * through a user namespace (`-r`). `prlimit` caps a file's size and turns off core dumps. Where
 * neither exists (macOS, a container that forbids namespaces), runs go on with Node's permission
 * model and the JavaScript belt only, and the report says so.
 */
export function detectIsolation(): Isolation {
  const unshare = process.platform === 'linux' ? findProgram('unshare') : undefined;
  const prlimit = process.platform === 'linux' ? findProgram('prlimit') : undefined;
  const namespaceFlags = ['--net', '--pid', '--fork', '--kill-child'];
  const namespaces = unshare
    ? [namespaceFlags, ['--map-root-user', ...namespaceFlags]].find((flags) => works(unshare, flags))
    : undefined;
  const layers = [
    "Node.js's permission model: reads only the job folder, the bundles and the engine's libraries; writes only the job folder; no child processes, workers, native addons or WASI",
  ];
  if (namespaces) layers.push('own network namespace (no network) and process namespace (no other process visible)');
  else layers.push('no network namespace could be made here: the network is refused by the JavaScript belt only');
  if (prlimit) layers.push('file size capped by RLIMIT_FSIZE, no core dumps');
  layers.push('a preload that refuses sockets, HTTP, DNS, fetch and process signals from JavaScript');
  return {
    prefix(maxFileBytes) {
      const limits = prlimit ? [prlimit, `--fsize=${Math.max(1, Math.floor(maxFileBytes))}`, '--core=0', '--'] : [];
      return [...limits, ...(unshare && namespaces ? [unshare, ...namespaces, '--'] : [])];
    },
    layers,
  };
}

export interface NodeSandbox {
  /** Folders the program may read (besides its own script's, which must be among them). */
  readable: string[];
  /** Folders it may write: the job folder. */
  writable: string[];
  memoryMb: number;
}

/**
 * `node`'s own flags for a sandboxed program: the permission model (Node 20's experimental one,
 * with each folder as `dir/*`), the heap cap and the preload; `--` ends them, so that nothing of a
 * command line can pass an option to Node.
 */
export function nodeFlags(sandbox: NodeSandbox): string[] {
  for (const dir of [...sandbox.readable, ...sandbox.writable]) {
    if (dir.includes(',')) throw new Error(`A sandbox folder may not contain a comma: ${dir}`);
  }
  return [
    '--experimental-permission',
    ...[...sandbox.readable, ...sandbox.writable, RUNTIME_DIR].map((dir) => `--allow-fs-read=${dir}/*`),
    ...sandbox.writable.map((dir) => `--allow-fs-write=${dir}/*`),
    `--max-old-space-size=${sandbox.memoryMb}`,
    '--disable-warning=ExperimentalWarning',
    '--require',
    PRELOAD,
    '--',
  ];
}
