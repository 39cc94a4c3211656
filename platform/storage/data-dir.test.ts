import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir';

const DATA_DIR_MODULE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data-dir.ts');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-lock-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/**
 * A process that takes the lock and keeps it. Started through a shell that then becomes `sleep`,
 * which never reaps its children: once killed, the holder stays a zombie, as under a container
 * without an init. Resolves with the holder's pid once it holds the lock.
 */
async function startHolder() {
  const script = `import(${JSON.stringify(DATA_DIR_MODULE)}).then((m) => m.lockDataDir(${JSON.stringify(dir)})).then(() => { console.log('locked ' + process.pid); setInterval(() => {}, 1000); })`;
  const node = `${JSON.stringify(process.execPath)} --import tsx -e ${JSON.stringify(script).replace(/\$/g, '\\$')}`;
  const shell = spawn('sh', ['-c', `${node} & exec sleep 600`], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: shell.stdout });
  const [line] = (await once(lines, 'line')) as [string];
  const pid = Number(/^locked (\d+)$/.exec(line)?.[1]);
  const stop = () => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already dead (and reaped with its shell below).
    }
    shell.kill('SIGKILL');
  };
  return { pid, stop };
}

const stateOf = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];

it('refuses a data directory that a running platform holds, naming its pid', async () => {
  const holder = await startHolder();
  try {
    await expect(lockDataDir(dir)).rejects.toThrow(
      new DataDirLockedError(
        `The data directory ${dir} is in use by another running platform (pid ${holder.pid}). Stop it first, or use another --data-dir.`,
      ),
    );
  } finally {
    holder.stop();
  }
});

it.runIf(process.platform === 'linux')(
  'takes the directory at once from a holder killed with -9, while it is still a zombie',
  async () => {
    const holder = await startHolder();
    try {
      process.kill(holder.pid, 'SIGKILL');
      await expect.poll(() => stateOf(holder.pid)).toBe('Z');
      const release = await lockDataDir(dir);
      release();
    } finally {
      holder.stop();
    }
  },
);

it('is free again once released, and ignores the pid file older versions left', async () => {
  writeFileSync(path.join(dir, 'platform.lock'), String(process.pid));
  const release = await lockDataDir(dir);
  await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
  release();
  const again = await lockDataDir(dir);
  again();
});
