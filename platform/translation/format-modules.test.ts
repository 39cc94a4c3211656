import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const url = (file: string) => JSON.stringify(new URL(file, import.meta.url).href);

/**
 * In a process of its own, as a worker is: which of the CommonJS libraries only some formats need
 * (rhino3dm, dxf-parser) Node has loaded after the engine's import, and after a warm-up.
 */
const script = `
  import { createRequire } from 'node:module';
  const cache = createRequire(import.meta.url).cache;
  const loaded = () => ['rhino3dm', 'dxf-parser'].filter((name) => Object.keys(cache).some((file) => file.includes('/node_modules/' + name + '/')));
  await import(${url('./engine.ts')});
  const atStart = loaded();
  const { warmUp } = await import(${url('./warm-up/warm-up.ts')});
  await warmUp(1);
  console.log(JSON.stringify({ atStart, warm: loaded() }));
  process.exit(0);
`;

describe('format modules', () => {
  it('leaves the other formats’ libraries out of a worker’s start, and loads them once it is warm', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
    });
    expect(JSON.parse(stdout)).toEqual({ atStart: [], warm: ['rhino3dm', 'dxf-parser'] });
  });
});
