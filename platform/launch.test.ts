import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildPlatform, ensureBuild, sourceKey } from './launch.mjs';

const run = promisify(execFile);

/** A platform in miniature: the three entries, a module that tells where it thinks it is, and a contract. */
const SOURCES: Record<string, string> = {
  'package.json': '{ "type": "module" }',
  'platform/main.ts': `import { where } from './where';\nconsole.log(JSON.stringify(where()));`,
  'platform/where.ts': `declare const PLATFORM_BUILD_DIR: string | undefined;
export const where = () => ({ url: import.meta.url, dirname: import.meta.dirname, build: typeof PLATFORM_BUILD_DIR === 'string' ? PLATFORM_BUILD_DIR : null });`,
  'platform/translation/worker-main.ts': `export {};`,
  'platform/translation/readers/ifc-thread-main.ts': `export {};`,
  'contracts/wire.ts': `export type Wire = { id: string };`,
};

let root: string;
let cache: string;
let builds: number;
const counted: typeof buildPlatform = (...args) => {
  builds++;
  return buildPlatform(...args);
};

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'ddm-launch-'));
  cache = path.join(root, 'cache');
  builds = 0;
  for (const [file, text] of Object.entries(SOURCES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const builtAt = async (dir: string) => (await stat(path.join(dir, 'main.mjs'))).mtimeMs;

describe('the platform launcher', () => {
  it('builds the entries once, and the built code keeps its sources’ own import.meta and knows its build', async () => {
    const dir = await ensureBuild(root, cache, counted);
    expect((await readdir(dir)).filter((name) => name.endsWith('.mjs')).sort()).toEqual([
      'ifc-thread-main.mjs',
      'main.mjs',
      'worker-main.mjs',
    ]);
    const { stdout } = await run(process.execPath, [path.join(dir, 'main.mjs')]);
    const where = path.join(root, 'platform', 'where.ts');
    expect(JSON.parse(stdout)).toEqual({ url: pathToFileURL(where).href, dirname: path.dirname(where), build: dir });

    const first = await builtAt(dir);
    const dayAgo = new Date(Date.now() - 86_400_000);
    await utimes(dir, dayAgo, dayAgo);
    expect(await ensureBuild(root, cache, counted)).toBe(dir);
    expect(await builtAt(dir)).toBe(first);
    expect(builds).toBe(1);
    // Started from again: pruning, which goes by the folder's time, sees it as new.
    expect((await stat(dir)).mtimeMs).toBeGreaterThan(dayAgo.getTime() + 3_600_000);
  });

  it('builds again when a source changes, not when a test does', async () => {
    const before = await sourceKey(root);
    await writeFile(path.join(root, 'platform', 'where.test.ts'), 'export {};');
    expect(await sourceKey(root)).toBe(before);
    await writeFile(path.join(root, 'contracts', 'wire.ts'), 'export type Wire = { id: number };');
    const changed = await sourceKey(root);
    expect(changed).not.toBe(before);
    expect(path.basename(await ensureBuild(root, cache, counted))).toBe(changed);
    expect(builds).toBe(1);
  });

  it('runs the sources under tsx, and says so, when the build cannot be written', async () => {
    const blocked = path.join(root, 'a-file');
    await writeFile(blocked, '');
    const script = `import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'launch.mjs')).href)}).then((m) => m.launch(${JSON.stringify(root)}, ${JSON.stringify(path.join(blocked, 'cache'))}))`;
    const { stdout, stderr } = await run(process.execPath, ['--input-type=module', '-e', script]);
    expect(JSON.parse(stdout)).toMatchObject({
      url: pathToFileURL(path.join(root, 'platform', 'where.ts')).href,
      build: null,
    });
    expect(stderr).toContain('could not build itself');
    expect(stderr).toContain('running from its sources under tsx');
  });

  it('gives launches side by side one build, and leaves nothing half-built', async () => {
    const dirs = await Promise.all([1, 2, 3].map(() => ensureBuild(root, cache)));
    expect(new Set(dirs).size).toBe(1);
    expect(await readdir(cache)).toEqual([path.basename(dirs[0] ?? '')]);
  });

  it('removes builds not started from for a day past the newest few, and keeps younger ones', async () => {
    const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const made = { recent: 1, old2: 48, old3: 72, old4: 96, 'x.tmp-old': 50, 'x.tmp-new': 0.1 };
    for (const [name, hours] of Object.entries(made)) {
      await mkdir(path.join(cache, name), { recursive: true });
      await utimes(path.join(cache, name), ago(hours), ago(hours));
    }
    const dir = await ensureBuild(root, cache, counted);
    expect((await readdir(cache)).sort()).toEqual([path.basename(dir), 'old2', 'recent', 'x.tmp-new'].sort());
  });
});
