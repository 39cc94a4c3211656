import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { engineSuite } from '../testing/automation/engine-suite';
import { parameter } from '../testing/automation/run-harness';
const echo = {
  commandLine: ['$(engine.path)/test echo "$(args[input].path)" "$(args[result].path)" print done'],
  parameters: {
    input: parameter('get', { localName: 'input.txt' }),
    result: parameter('put', { localName: 'result.txt' }),
  },
};

describe('Design Automation engine: a workitem from its inputs to its outputs', () => {
  const clockTime = new Date('2024-05-06T07:08:09.000Z');
  const suite = engineSuite((url) => ({ workers: 2, platformUrl: url, clock: { now: () => clockTime } }));

  it('downloads an input, runs the program in the sandbox and uploads its output', async () => {
    suite.server.files.set('in.txt', Buffer.from('hello from the input'));
    const { outcome, hooks, report } = await suite.run({
      ...echo,
      arguments: {
        input: { kind: 'url', url: `${suite.server.url}/files/in.txt`, headers: { Authorization: 'Bearer abc' } },
        result: { kind: 'url', url: `${suite.server.url}/files/out.txt`, verb: 'put' },
      },
    });
    expect(outcome, report).toEqual({ status: 'success' });
    expect(suite.server.files.get('out.txt')?.toString()).toBe('hello from the input');
    expect(suite.server.requests.find((request) => request.path === '/files/in.txt')?.headers.authorization).toBe(
      'Bearer abc',
    );
    expect(hooks.bytesMoved).toEqual({ downloaded: 20, uploaded: 20 });
    expect(hooks.phases.map(({ phase, edge }) => `${phase} ${edge}`)).toEqual([
      'download start',
      'download end',
      'instructions start',
      'instructions end',
      'upload start',
      'upload end',
    ]);
    expect(
      hooks.phases.every(({ at }) => at === clockTime),
      'phase times come from the injected clock',
    ).toBe(true);
    expect(hooks.lines).toContain('done');
    expect(hooks.lines).toContain('End upload phase successfully.');
    expect(await readFile(`${suite.dirs.jobDir}/result.txt`, 'utf8')).toBe('hello from the input');
  });
});
