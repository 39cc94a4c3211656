import { readdir, readFile, readlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunPlan } from './engine-types';
import { engineSuite } from '../testing/automation/engine-suite';
import { bundle } from '../testing/automation/run-harness';

/** Processes of this machine whose working folder is `dir`: none once a run is over. */
async function processesIn(dir: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cwd = await readlink(`/proc/${entry}/cwd`).catch(() => '');
    if (cwd === dir) found.push(Number(entry));
  }
  return found;
}

describe('Design Automation engine: a hostile bundle fails its own workitem and harms nothing', () => {
  const suite = engineSuite(() => ({ workers: 2, memoryMb: 256, pollMs: 50 }));

  async function runBundle(source: string, fields: Partial<RunPlan> = {}) {
    const hostile = await bundle(suite.dirs.root, 'Hostile', { 'main.mjs': source });
    const ran = await suite.run({
      engineId: 'Local.NodeJs+22',
      commandLine: ['$(engine.path)/node "$(appbundles[Hostile].path)/main.mjs"'],
      appbundles: [hostile],
      ...fields,
    });
    if (process.platform === 'linux')
      expect(await processesIn(suite.dirs.jobDir), 'no process is left in the job folder').toEqual([]);
    return ran;
  }

  it('an infinite loop is stopped at the time limit', async () => {
    const { outcome } = await runBundle('console.log("spinning"); for (;;) {}', { limitProcessingTimeSec: 1 });
    expect(outcome.status).toBe('failedLimitProcessingTime');
  });

  it('a memory hog is stopped at the memory limit', async () => {
    const { outcome } = await runBundle(
      'const held = []; for (;;) { held.push(new Float64Array(4 << 20).fill(1)); console.log(held.length * 32, "MB"); }',
    );
    expect(outcome.status).toBe('failedInstructions');
    expect(outcome.message).toMatch(/used more than 256 MB of memory|ran out of memory/);
  });

  it('writes outside its job folder are refused and the files there are untouched', async () => {
    const sentinel = path.join(suite.dirs.root, 'sentinel.txt');
    await writeFile(sentinel, 'untouched');
    const source = `
      import fs from 'node:fs';
      const attempts = {
        write: () => fs.writeFileSync(${JSON.stringify(sentinel)}, 'changed'),
        remove: () => fs.rmSync(${JSON.stringify(sentinel)}),
        rename: () => fs.renameSync(${JSON.stringify(sentinel)}, 'stolen.txt'),
        link: () => fs.symlinkSync(${JSON.stringify(sentinel)}, 'link.txt'),
        bundle: () => fs.writeFileSync(new URL('./main.mjs', import.meta.url), 'changed'),
        read: () => fs.readFileSync('/etc/passwd'),
        spawn: () => import('node:child_process').then((cp) => cp.execSync('touch ${sentinel}')),
      };
      let refused = 0;
      for (const [name, attempt] of Object.entries(attempts)) {
        try { await attempt(); console.log(name, 'ALLOWED'); } catch (error) { refused += 1; console.log(name, 'refused', error.code); }
      }
      fs.writeFileSync('inside.txt', 'the job folder is writable');
      process.exit(refused === Object.keys(attempts).length ? 9 : 0);`;
    const { outcome, report } = await runBundle(source);
    expect(report).not.toMatch(/ALLOWED/);
    expect(outcome).toMatchObject({ status: 'failedInstructions', message: 'The program exited with code 9.' });
    expect(await readFile(sentinel, 'utf8')).toBe('untouched');
    expect(await readFile(path.join(suite.dirs.jobDir, 'inside.txt'), 'utf8')).toBe('the job folder is writable');
  });

  it('opening a socket, fetching or signalling another process is refused, and nothing reaches the server', async () => {
    const port = new URL(suite.server.url).port;
    const source = `
      import net from 'node:net';
      import http from 'node:http';
      const attempts = {
        socket: () => new Promise((resolve, reject) => { const s = net.connect(${port}, '127.0.0.1', resolve); s.on('error', reject); }),
        http: () => new Promise((resolve, reject) => http.get('${suite.server.url}/files/x', resolve).on('error', reject)),
        fetch: () => fetch('${suite.server.url}/files/x'),
        server: () => net.createServer().listen(0),
        kill: () => process.kill(${process.pid}, 'SIGTERM'),
      };
      let refused = 0;
      for (const [name, attempt] of Object.entries(attempts)) {
        try { await attempt(); console.log(name, 'ALLOWED'); } catch (error) { refused += 1; console.log(name, 'refused:', error.message); }
      }
      process.exit(refused === Object.keys(attempts).length ? 9 : 0);`;
    const { outcome, report } = await runBundle(source);
    expect(report).not.toMatch(/ALLOWED/);
    expect(outcome).toMatchObject({ status: 'failedInstructions', message: 'The program exited with code 9.' });
    expect(suite.server.connections()).toBe(0);
  });

  it("the program's environment holds nothing of the platform's", async () => {
    process.env['APS_TEST_SECRET'] = 'platform-secret-value';
    try {
      const { outcome, report } = await runBundle('console.log(JSON.stringify(process.env));', {
        settings: { GREETING: { value: 'hello', isEnvironmentVariable: true } },
      });
      expect(outcome.status).toBe('success');
      expect(report).not.toContain('platform-secret-value');
      expect(report).toContain('"GREETING":"hello"');
    } finally {
      delete process.env['APS_TEST_SECRET'];
    }
  });
});
