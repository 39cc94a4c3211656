import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkItemStatus } from '../../../contracts/design-automation';
import { createWorkitemEngine } from '../../automation/engine';
import { startFileServer, type FileServer, type ReceivedRequest } from '../../testing/automation/file-server';
import { daApp, daJson, daRequest, defineActivity, workitemOf } from '../../testing/design-automation';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

// A workitem on the local Test engine whose input, output and onComplete URLs redirect: within
// their origin the argument's headers go along, to another origin (another port of 127.0.0.1) none do.
let platform: TestPlatform;
let first: FileServer;
let second: FileServer;
let workDir: string;
let bearer: Record<string, string>;
let activityId: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'ddm-da-redirects-'));
  platform = await createTestPlatform(
    {},
    { automation: createWorkitemEngine({ workers: 1, workDir, heartbeatMs: 60_000 }) },
  );
  [first, second] = await Promise.all([startFileServer(), startFileServer()]);
  first.files.set('in.txt', Buffer.from('input bytes'));
  second.files.set('in.txt', Buffer.from('input bytes'));
  ({ bearer } = await daApp(platform));
  await daRequest(platform, bearer, 'PATCH', '/forgeapps/me', { nickname: 'Redirected' });
  activityId = await defineActivity(platform, bearer, 'Redirected', {
    id: 'Copy',
    engine: 'Local.Test+1',
    commandLine: ['$(engine.path)/test echo in.txt out.txt'],
    parameters: { in: { verb: 'get', localName: 'in.txt' }, out: { verb: 'put', localName: 'out.txt' } },
  });
});
afterAll(async () => {
  await platform.close();
  await platform.automation.close();
  await Promise.all([first.close(), second.close()]);
  await rm(workDir, { recursive: true, force: true });
});

const SECRETS = { Authorization: 'Bearer secret', 'x-api-key': 'key' };
const credentialsOf = (request: ReceivedRequest) =>
  [request.headers.authorization, request.headers['x-api-key'], request.headers['x-secret']].filter(Boolean);

async function runCopy(urls: {
  input: string;
  output: string;
  done: string;
}): Promise<{ status: WorkItemStatus; report: string }> {
  const { id } = await daJson<WorkItemStatus>(platform, bearer, 'POST', '/workitems', {
    activityId,
    arguments: {
      in: { url: urls.input, headers: SECRETS },
      out: { url: urls.output, verb: 'put', headers: SECRETS },
      onComplete: { url: urls.done, verb: 'post', headers: { 'x-secret': 'hook' } },
    },
  });
  await platform.app.workitems.idle();
  const status = await workitemOf(platform, bearer, id);
  return { status, report: await (await platform.app.request(status.reportUrl!)).text() };
}

describe('a workitem whose URLs redirect', () => {
  it('sends no argument header to another origin, and still downloads, uploads and calls back there', async () => {
    first.redirects.set('/in', { status: 302, location: `${second.url}/files/in.txt` });
    first.redirects.set('/out', { status: 307, location: `${second.url}/files/out.txt` });
    first.redirects.set('/done', { status: 307, location: `${second.url}/files/done.json` });
    const { status, report } = await runCopy({
      input: `${first.url}/in`,
      output: `${first.url}/out`,
      done: `${first.url}/done`,
    });

    expect(status.status, report).toBe('success');
    expect(second.files.get('out.txt')?.toString()).toBe('input bytes');
    expect(JSON.parse(second.files.get('done.json')!.toString())).toMatchObject({ id: status.id, status: 'success' });
    expect(second.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /files/in.txt',
      'PUT /files/out.txt',
      'POST /files/done.json',
    ]);
    expect(second.requests.flatMap(credentialsOf)).toEqual([]);
    expect(first.requests.filter((request) => request.path === '/in').map(credentialsOf)).toEqual([
      ['Bearer secret', 'key'],
    ]);
    expect(report).toContain("Redirected to another origin: the argument's headers are not sent there.");
  });

  it('keeps them within the origin', async () => {
    first.redirects.set('/near-in', { status: 302, location: '/files/in.txt' });
    first.redirects.set('/near-out', { status: 307, location: '/files/near-out.txt' });
    first.redirects.set('/near-done', { status: 308, location: '/files/near-done.json' });
    const { status, report } = await runCopy({
      input: `${first.url}/near-in`,
      output: `${first.url}/near-out`,
      done: `${first.url}/near-done`,
    });

    expect(status.status, report).toBe('success');
    expect(first.files.get('near-out.txt')?.toString()).toBe('input bytes');
    const reached = first.requests.filter((request) =>
      ['/files/in.txt', '/files/near-out.txt', '/files/near-done.json'].includes(request.path),
    );
    expect(reached.map(credentialsOf)).toEqual([['Bearer secret', 'key'], ['Bearer secret', 'key'], ['hook']]);
    expect(report).not.toContain('Redirected to another origin');
  });

  it('checks every hop against the hosts the operator allowed', async () => {
    first.redirects.set('/outside', { status: 302, location: 'https://files.example.com/in.txt' });
    const { status, report } = await runCopy({
      input: `${first.url}/outside`,
      output: `${first.url}/files/unused.txt`,
      done: `${first.url}/files/unused.json`,
    });
    expect(status.status).toBe('failedDownload');
    expect(report).toContain('The host files.example.com is not one a workitem may reach on this platform');
  });
});
