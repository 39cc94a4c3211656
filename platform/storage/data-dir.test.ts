import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-lock-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

it('refuses a data directory that a running process holds', () => {
  const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
  try {
    writeFileSync(path.join(dir, 'platform.lock'), String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  } finally {
    other.kill('SIGKILL');
  }
});

it('takes over a lock left by a process that died, and releases it', async () => {
  const dead = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => dead.once('exit', resolve));
  writeFileSync(path.join(dir, 'platform.lock'), String(dead.pid));
  const release = lockDataDir(dir);
  expect(existsSync(path.join(dir, 'platform.lock'))).toBe(true);
  release();
  expect(existsSync(path.join(dir, 'platform.lock'))).toBe(false);
});
