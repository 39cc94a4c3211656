import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWorkitemEngine } from './engine';
import type { WorkitemEngine } from './engine-types';
import { startFileServer, type FileServer } from './testing/file-server';
import { parameter, plan, recordingHooks, scratch } from './testing/run-harness';

const never = new AbortController().signal;
const echo = {
  commandLine: ['$(engine.path)/test echo "$(args[input].path)" "$(args[result].path)" print done'],
  parameters: { input: parameter('get', { localName: 'input.txt' }), result: parameter('put', { localName: 'result.txt' }) },
};

describe('Design Automation engine: a workitem from its inputs to its outputs', () => {
  let server: FileServer;
  let engine: WorkitemEngine;
  let dirs: Awaited<ReturnType<typeof scratch>>;
  beforeAll(async () => {
    server = await startFileServer();
    engine = createWorkitemEngine({ workers: 2, platformUrl: server.url });
  });
  afterAll(async () => {
    await engine.close();
    await server.close();
  });
  beforeEach(async () => {
    dirs = await scratch();
  });
  afterEach(async () => {
    await dirs.remove();
  });

  it('downloads an input, runs the program in the sandbox and uploads its output', async () => {
    server.files.set('in.txt', Buffer.from('hello from the input'));
    const hooks = recordingHooks();
    const outcome = await engine.run(
      plan(dirs.jobDir, {
        ...echo,
        arguments: {
          input: { kind: 'url', url: `${server.url}/files/in.txt`, headers: { Authorization: 'Bearer abc' } },
          result: { kind: 'url', url: `${server.url}/files/out.txt`, verb: 'put' },
        },
      }),
      hooks,
      never,
    );
    expect(outcome, hooks.lines.join('\n')).toEqual({ status: 'success' });
    expect(server.files.get('out.txt')?.toString()).toBe('hello from the input');
    expect(server.requests.find((request) => request.path === '/files/in.txt')?.headers.authorization).toBe('Bearer abc');
    expect(hooks.bytesMoved).toEqual({ downloaded: 20, uploaded: 20 });
    expect(hooks.phases.map(({ phase, edge }) => `${phase} ${edge}`)).toEqual(['download start', 'download end', 'instructions start', 'instructions end', 'upload start', 'upload end']);
    expect(hooks.lines).toContain('done');
    expect(hooks.lines).toContain('End upload phase successfully.');
    expect(await readFile(`${dirs.jobDir}/result.txt`, 'utf8')).toBe('hello from the input');
  });
});
