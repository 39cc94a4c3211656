import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createWorkitemEngine } from './engine';
import { engineSuite } from '../testing/automation/engine-suite';
import { parameter, plan, recordingHooks, waitFor } from '../testing/automation/run-harness';
const text = (value: string) => new TextEncoder().encode(value);

describe('Design Automation engine: arguments as the real service takes them', () => {
  const suite = engineSuite((url) => ({ platformUrl: `${url}/platform` }));

  it('writes {value} and data: URLs (base64 or not) to their localName', async () => {
    const { outcome, hooks } = await suite.run({
      commandLine: ['$(engine.path)/test echo params.json copy.json'],
      parameters: {
        params: parameter('read', { localName: 'params.json' }),
        raw: parameter('read', { localName: 'raw.json' }),
        b64: parameter('read'),
      },
      arguments: {
        params: { kind: 'value', value: '{"width": 2}' },
        raw: { kind: 'url', url: "data:application/json, {'height':3}" },
        b64: { kind: 'url', url: `data:text/plain;base64,${Buffer.from('héllo').toString('base64')}` },
      },
    });
    expect(outcome.status).toBe('success');
    expect(await readFile(`${suite.dirs.jobDir}/copy.json`, 'utf8')).toBe('{"width": 2}');
    expect(await readFile(`${suite.dirs.jobDir}/raw.json`, 'utf8')).toBe(" {'height':3}");
    expect(await readFile(`${suite.dirs.jobDir}/b64`, 'utf8')).toBe('héllo');
    expect(hooks.lines).toContain(
      `Embedded resource [{"width": 2}] is saved as a file in 'UTF-8' at: '${suite.dirs.jobDir}/params.json'.`,
    );
  });

  it('names an input after its URL without a localName, follows redirects, checks a head input, and sends OSS ids to the platform', async () => {
    suite.server.files.set('drawing%20one.dwg', Buffer.from('dwg'));
    suite.server.files.set('target.txt', Buffer.from('redirected'));
    const { outcome, hooks } = await suite.run({
      commandLine: ['$(engine.path)/test echo "$(args[byUrl].path)" a.txt echo "$(args[moved].path)" b.txt'],
      parameters: {
        byUrl: parameter('get'),
        moved: parameter('get', { localName: 'moved.txt' }),
        checked: parameter('head'),
        urn: parameter('get', { localName: 'urn.bin' }),
      },
      arguments: {
        byUrl: { kind: 'url', url: `${suite.server.url}/files/drawing%2520one.dwg?sig=1` },
        moved: { kind: 'url', url: `${suite.server.url}/redirect/target.txt` },
        checked: { kind: 'url', url: `${suite.server.url}/files/target.txt` },
        urn: {
          kind: 'url',
          url: 'urn:adsk.objects:os.object:my-bucket/folder/key one.bin',
          headers: { Authorization: 'Bearer t' },
          optional: true,
        },
      },
    });
    expect(outcome.status, hooks.lines.join('\n')).toBe('success');
    expect(await readFile(`${suite.dirs.jobDir}/a.txt`, 'utf8')).toBe('dwg');
    expect(existsSync(`${suite.dirs.jobDir}/drawing%20one.dwg`)).toBe(true);
    expect(await readFile(`${suite.dirs.jobDir}/b.txt`, 'utf8')).toBe('redirected');
    expect(suite.server.requests.find((request) => request.method === 'HEAD')?.path).toBe('/files/target.txt');
    const oss = suite.server.requests.find((request) => request.path.startsWith('/platform/'));
    expect(oss).toMatchObject({
      path: '/platform/oss/v2/buckets/my-bucket/objects/folder%2Fkey%20one.bin',
      headers: { authorization: 'Bearer t' },
    });
  });

  it('extracts a zipped input into its localName folder and points $(args[x].path) at pathInZip; zips a folder output', async () => {
    suite.server.files.set(
      'model.zip',
      Buffer.from(zipSync({ 'model/main.txt': text('root file'), 'model/part.txt': text('part') })),
    );
    const { outcome } = await suite.run({
      commandLine: [
        '$(engine.path)/test echo "$(args[model].path)" "$(args[result].path)/copy.txt" echo "$(args[whole].path)/model/part.txt" "$(args[result].path)/part.txt"',
      ],
      parameters: {
        model: parameter('get', { localName: 'unzipped' }),
        whole: parameter('get', { localName: 'whole', zip: true }),
        result: parameter('put', { localName: 'results', zip: true }),
      },
      arguments: {
        model: { kind: 'url', url: `${suite.server.url}/files/model.zip`, pathInZip: 'model/main.txt' },
        whole: { kind: 'url', url: `${suite.server.url}/files/model.zip` },
        result: { kind: 'url', url: `${suite.server.url}/files/results.zip`, verb: 'put' },
      },
    });
    expect(outcome.status).toBe('success');
    const uploaded = unzipSync(new Uint8Array(suite.server.files.get('results.zip') as Buffer));
    expect(Object.keys(uploaded).sort()).toEqual(['copy.txt', 'part.txt']);
    expect(new TextDecoder().decode(uploaded['copy.txt'])).toBe('root file');
  });

  it('posts an output with its verb and headers', async () => {
    const { outcome } = await suite.run({
      commandLine: ['$(engine.path)/test write out.bin 1000'],
      parameters: { out: parameter('post', { localName: 'out.bin' }) },
      arguments: {
        out: {
          kind: 'url',
          url: `${suite.server.url}/files/posted.bin`,
          verb: 'post',
          headers: { 'x-ads-test': 'yes' },
        },
      },
    });
    expect(outcome.status).toBe('success');
    const request = suite.server.requests.find((candidate) => candidate.path === '/files/posted.bin');
    expect(request).toMatchObject({ method: 'POST', headers: { 'x-ads-test': 'yes', 'content-length': '1000' } });
  });

  it('hands !ACESAPI progress lines to the hooks and fetches an ondemand input when the program asks', async () => {
    suite.server.files.set('later.txt', Buffer.from('fetched on demand'));
    const { outcome, hooks } = await suite.run({
      commandLine: [
        '$(engine.path)/test progress "{""percent"": 50}" ondemand later fetched/later.txt progress halfway echo fetched/later.txt copy.txt',
      ],
      parameters: { later: parameter('get', { ondemand: true }), copy: parameter('put', { localName: 'copy.txt' }) },
      arguments: {
        later: { kind: 'url', url: `${suite.server.url}/files/later.txt` },
        copy: { kind: 'url', url: `${suite.server.url}/files/copy.txt`, verb: 'put' },
      },
    });
    expect(outcome.status, hooks.lines.join('\n')).toBe('success');
    expect(hooks.progressBodies).toEqual([{ percent: 50 }, 'halfway']);
    expect(suite.server.files.get('copy.txt')?.toString()).toBe('fetched on demand');
    expect(hooks.bytesMoved.downloaded).toBe('fetched on demand'.length);
  });

  it("calls onProgress on the engine's own tick while the workitem runs, with the workitem's id", async () => {
    const ticking = createWorkitemEngine({ progressTickMs: 20 });
    try {
      const hooks = recordingHooks();
      const controller = new AbortController();
      const done = ticking.run(
        plan(suite.dirs.jobDir, { workitemId: 'f'.repeat(32), commandLine: ['$(engine.path)/test hang'] }),
        hooks,
        controller.signal,
      );
      await waitFor(() => hooks.progressBodies.length >= 2, 'two ticks');
      controller.abort();
      await done;
      expect(hooks.progressBodies[0]).toEqual({ id: 'f'.repeat(32), status: 'inprogress' });
    } finally {
      await ticking.close();
    }
  });

  it('masks URLs in the report when asked, and leaves a zip of the job folder for adskDebug', async () => {
    suite.server.files.set('in.txt', Buffer.from('x'));
    const { outcome, report } = await suite.run({
      mask: true,
      uploadJobFolder: true,
      commandLine: ['$(engine.path)/test echo in.txt left.txt'],
      parameters: { in: parameter('get', { localName: 'in.txt' }) },
      arguments: { in: { kind: 'url', url: `${suite.server.url}/files/in.txt?signature=secret` } },
    });
    expect(outcome).toEqual({ status: 'success', debugZipPath: `${suite.dirs.root}/job-debug.zip` });
    expect(report).not.toContain('signature=secret');
    expect(report).toContain("url - '<masked>'");
    expect(Object.keys(unzipSync(await readFile(`${suite.dirs.root}/job-debug.zip`))).sort()).toEqual([
      'in.txt',
      'left.txt',
    ]);
  });

  it('passes settings as files and environment variables', async () => {
    const { outcome, hooks } = await suite.run({
      engineId: 'Local.NodeJs+22',
      commandLine: ['$(engine.path)/node "$(settings[script].path)" "$(settings[script].path)"'],
      settings: {
        script: { value: 'console.log(process.env.MODE, process.argv.length);' },
        MODE: { value: 'draft', isEnvironmentVariable: true },
      },
    });
    expect(outcome.status, hooks.lines.join('\n')).toBe('success');
    expect(hooks.lines).toContain('draft 3');
  });
});
