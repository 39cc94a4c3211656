import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { PLATFORM_COMMAND, startPlatform } from '../../scripts/platform-process';

// Apart from cli.test.ts (the admin commands) so that the two, each a string of process starts, run side by side.
const env = { ...process.env, DATABASE_URL: '' };

/** Runs `platform serve` as an operator would, to its end, and returns what it said. */
async function cli(...args: string[]) {
  const child = spawn(process.execPath, [...PLATFORM_COMMAND, ...args], { env });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number];
  return { code, stderr };
}

describe('serve', () => {
  it('announces its address, refuses a second platform on the same data directory, and stops on SIGTERM', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-serve-'));
    const platform = await startPlatform(['--port', '0', '--data-dir', dir, '--translation-workers', '1'], env);
    try {
      expect(platform.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const keys = await fetch(`${platform.url}/authentication/v2/keys`);
      expect(keys.status).toBe(200);
      const second = await cli('serve', '--port', '0', '--data-dir', dir);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('in use by another running platform');
    } finally {
      const exited = once(platform.child, 'exit');
      platform.child.kill('SIGTERM');
      const [code] = (await exited) as [number];
      expect(code).toBe(0);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('starts again at once on the data directory of a platform killed with -9, while that one is still a zombie', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-restart-'));
    // `exec sleep` leaves the platform a parent that never reaps it, as a container without an init would.
    const command = [process.execPath, ...PLATFORM_COMMAND, 'serve', '--port', '0', '--data-dir', dir]
      .map((arg) => JSON.stringify(arg))
      .join(' ');
    const shell = spawn('sh', ['-c', `${command} & echo "pid $!"; exec sleep 600`], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let second: Awaited<ReturnType<typeof startPlatform>> | undefined;
    try {
      const lines = createInterface({ input: shell.stdout });
      let pid = 0;
      for await (const line of lines) {
        pid = Number(/^pid (\d+)$/.exec(line)?.[1] ?? pid);
        if (line.startsWith('platform listening on ')) break;
      }
      process.kill(pid, 'SIGKILL');
      second = await startPlatform(['--port', '0', '--data-dir', dir, '--translation-workers', '1'], env);
      expect((await fetch(`${second.url}/authentication/v2/keys`)).status).toBe(200);
    } finally {
      await second?.stop();
      shell.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});
