import { unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WorkItemStatus } from '../../../contracts/design-automation';
import {
  daApp,
  daJson,
  daRequest,
  defineActivity,
  signedDownloadUrl,
  workitemOf,
} from '../../testing/design-automation';
import { FAKE_AUTODESK_ENGINE_ID, type FakeAutomationEngine } from '../../testing/fake-automation-engine';
import { waitUntil } from '../../testing/model-derivative';
import { createBucket, objectPath, putObject } from '../../testing/oss';
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform';

let platform: TestPlatform;
let engine: FakeAutomationEngine;
beforeAll(async () => {
  platform = await createTestPlatform();
  engine = platform.automation as FakeAutomationEngine;
});
afterAll(async () => {
  await platform.close();
});

let apps = 0;
let app: Awaited<ReturnType<typeof daApp>> & { owner: string; bucketKey: string };
beforeEach(async () => {
  const made = await daApp(platform);
  const owner = `Runner${++apps}`;
  await daRequest(platform, made.bearer, 'PATCH', '/forgeapps/me', { nickname: owner });
  const bucket = await createBucket(platform, made.bearer);
  app = { ...made, owner, bucketKey: bucket.bucketKey };
});

const COPY = {
  id: 'Copy',
  commandLine: ['$(engine.path)/fake copy "$(args[input].path)" "$(args[output].path)"'],
  parameters: {
    input: { verb: 'get', localName: 'in.txt', required: true },
    output: { verb: 'put', localName: 'out.txt' },
  },
};

const post = (body: unknown) => daRequest(platform, app.bearer, 'POST', '/workitems', body);
async function run(body: unknown): Promise<WorkItemStatus> {
  const response = await post(body);
  expect(response.status).toBe(200);
  const { id } = (await response.json()) as WorkItemStatus;
  await platform.app.workitems.idle();
  return workitemOf(platform, app.bearer, id);
}
async function reportOf(status: WorkItemStatus): Promise<string> {
  const response = await platform.app.request(status.reportUrl!);
  expect(response.status).toBe(200);
  return response.text();
}
const ossOutput = (objectKey: string) => ({
  url: `urn:adsk.objects:os.object:${app.bucketKey}/${objectKey}`,
  verb: 'put',
  headers: { Authorization: app.bearer.Authorization },
});

describe('a workitem from an OSS input to an OSS output', () => {
  it('runs pending → inprogress → success, with every stat, the report in the real format and the output in the bucket', async () => {
    const activityId = await defineActivity(platform, app.bearer, app.owner, {
      ...COPY,
      commandLine: [...COPY.commandLine, '$(engine.path)/fake hold'],
    });
    await putObject(platform, app.bearer, app.bucketKey, 'house.ifc', new TextEncoder().encode('ISO-10303-21;'));
    const input = { url: await signedDownloadUrl(platform, app.bearer, app.bucketKey, 'house.ifc') };
    const accepted = await post({ activityId, arguments: { Input: input, OUTPUT: ossOutput('copy.ifc') } });
    const pending = (await accepted.json()) as WorkItemStatus;
    expect(pending).toEqual({
      status: 'pending',
      stats: { timeQueued: '2026-01-01T00:00:00.0000000Z' },
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
    });

    const held = await engine.nextHeld();
    await waitUntil(async () => (await workitemOf(platform, app.bearer, pending.id)).status === 'inprogress');
    expect(await workitemOf(platform, app.bearer, pending.id)).toMatchObject({
      status: 'inprogress',
      stats: { timeDownloadStarted: '2026-01-01T00:00:00.0000000Z' },
    });
    expect(held.plan.arguments['output']).toMatchObject({
      kind: 'url',
      url: `http://platform.test/oss/v2/buckets/${app.bucketKey}/objects/copy.ifc`,
    });
    platform.clock.advance(2.5);
    held.release();
    await platform.app.workitems.idle();

    const done = await workitemOf(platform, app.bearer, pending.id);
    expect(done).toEqual({
      status: 'success',
      reportUrl: expect.stringMatching(
        new RegExp(
          `^http://platform.test/da/store/workItem/${app.owner}/${pending.id}/report.txt\\?expires=\\d+&signature=`,
        ),
      ),
      stats: {
        timeQueued: '2026-01-01T00:00:00.0000000Z',
        timeDownloadStarted: '2026-01-01T00:00:00.0000000Z',
        timeInstructionsStarted: '2026-01-01T00:00:00.0000000Z',
        timeInstructionsEnded: '2026-01-01T00:00:02.5000000Z',
        timeUploadEnded: '2026-01-01T00:00:02.5000000Z',
        timeFinished: '2026-01-01T00:00:02.5000000Z',
        bytesDownloaded: 13,
        bytesUploaded: 13,
      },
      id: pending.id,
    });
    const copy = await platform.request(objectPath(app.bucketKey, 'copy.ifc', '/details'), { headers: app.bearer });
    expect(await copy.json()).toMatchObject({ size: 13 });

    const report = await reportOf(done);
    const lines = report.split('\n');
    expect(lines[0]).toBe(`[01/01/2026 00:00:00] Starting work item ${pending.id}`);
    expect(lines).toContain('[01/01/2026 00:00:00] Start download phase.');
    expect(lines).toContain('[01/01/2026 00:00:02] Job finished with result Succeeded');
    const block = report.slice(report.indexOf('Job Status:\n') + 'Job Status:\n'.length);
    expect(JSON.parse(block)).toEqual({ ...done, reportUrl: expect.any(String), activityId });
  });

  it('takes lower-case argument names, data held as values, adskDebug as the .NET client sends it, and leaves the job folder as debugInfoUrl', async () => {
    const activityId = await defineActivity(platform, app.bearer, app.owner, {
      id: 'Params',
      commandLine: ['$(engine.path)/fake copy "$(args[params].path)" "$(args[result].path)"'],
      parameters: {
        params: { verb: 'read', localName: 'params.json' },
        result: { verb: 'put', localName: 'result.json' },
      },
    });
    const status = await run({
      activityId,
      arguments: {
        params: { value: { width: 2 } },
        result: ossOutput('result.json'),
        adskDebug: { value: '{"uploadJobFolder":true}' },
      },
    });
    expect(status.status).toBe('success');
    const result = await platform.request(objectPath(app.bucketKey, 'result.json', '/signeds3download'), {
      headers: app.bearer,
    });
    const bytes = await (await platform.app.request(((await result.json()) as { url: string }).url)).text();
    expect(JSON.parse(bytes)).toEqual({ width: 2 });
    const debug = await platform.app.request(status.debugInfoUrl!);
    expect(debug.status).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(await debug.arrayBuffer()))).sort()).toEqual([
      'params.json',
      'result.json',
    ]);
  });
});

describe('every way a workitem ends', () => {
  it('failedDownload when an input cannot be read, or its host is not allowed', async () => {
    const activityId = await defineActivity(platform, app.bearer, app.owner, COPY);
    const missing = await run({
      activityId,
      arguments: {
        input: {
          url: `http://platform.test${objectPath(app.bucketKey, 'missing.txt', '/details')}`,
          headers: app.bearer,
        },
        output: ossOutput('x'),
      },
    });
    expect(missing.status).toBe('failedDownload');
    expect(await reportOf(missing)).toContain('Job finished with result FailedDownload');
    const remote = await run({
      activityId,
      arguments: { input: { url: 'https://files.example.com/in.txt' }, output: ossOutput('x') },
    });
    expect(remote.status).toBe('failedDownload');
    expect(await reportOf(remote)).toContain(
      'The host files.example.com is not one a workitem may reach on this platform (serve --automation-allow-host files.example.com allows it).',
    );
  });

  it('failedInstructions, failedLimitProcessingTime and failedLimitDataSize from the engine', async () => {
    for (const [step, status] of [
      ['fail 3', 'failedInstructions'],
      ['timeout', 'failedLimitProcessingTime'],
      ['toolarge', 'failedLimitDataSize'],
    ] as const) {
      const activityId = await defineActivity(platform, app.bearer, app.owner, {
        id: `Step${status}`,
        commandLine: [`$(engine.path)/fake ${step}`],
      });
      const ended = await run({ activityId });
      expect(ended.status).toBe(status);
      expect(ended.stats.timeFinished).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}Z$/);
    }
  });

  it('failedUpload when the output is refused', async () => {
    const activityId = await defineActivity(platform, app.bearer, app.owner, {
      ...COPY,
      parameters: { output: { verb: 'put', localName: 'out.txt' } },
      commandLine: ['$(engine.path)/fake write "$(args[output].path)" hi'],
    });
    const other = await daApp(platform);
    const foreign = await createBucket(platform, other.bearer);
    const ended = await run({
      activityId,
      arguments: {
        output: { url: `urn:adsk.objects:os.object:${foreign.bucketKey}/x.txt`, verb: 'put', headers: app.bearer },
      },
    });
    expect(ended.status).toBe('failedUpload');
    expect(await reportOf(ended)).toMatch(/Failed to upload 'output': the server answered 403/);
  });

  it('failedInstructions, in words, for an Autodesk engine that does not run here', async () => {
    const activityId = await defineActivity(platform, app.bearer, app.owner, {
      id: 'Plot',
      engine: FAKE_AUTODESK_ENGINE_ID,
      commandLine: ['$(engine.path)\\accoreconsole.exe /s "$(settings[script].path)"'],
    });
    const ended = await run({ activityId });
    expect(ended.status).toBe('failedInstructions');
    expect(await reportOf(ended)).toContain(
      `The engine ${FAKE_AUTODESK_ENGINE_ID} does not run on this platform; nothing was run.`,
    );
  });

  it('cancelled: a running workitem is stopped by DELETE, 204, and a second DELETE changes nothing', async () => {
    const activityId = await defineActivity(platform, app.bearer, app.owner, {
      id: 'Hold',
      commandLine: ['$(engine.path)/fake hold'],
    });
    const { id } = (await (await post({ activityId })).json()) as WorkItemStatus;
    const held = await engine.nextHeld();
    expect((await daRequest(platform, app.bearer, 'DELETE', `/workitems/${id}`)).status).toBe(204);
    expect(held.signal.aborted).toBe(true);
    const ended = await workitemOf(platform, app.bearer, id);
    expect(ended.status).toBe('cancelled');
    expect(await reportOf(ended)).toContain('Job finished with result Cancelled');
    expect((await daRequest(platform, app.bearer, 'DELETE', `/workitems/${id}`)).status).toBe(204);
    expect((await workitemOf(platform, app.bearer, id)).status).toBe('cancelled');
  });
});

describe('what POST /workitems refuses', () => {
  it('400 for a missing required argument, an unknown one, an output with pathInZip, an unqualified activity, and a payload over 16 KB', async () => {
    const activityId = await defineActivity(platform, app.bearer, app.owner, COPY);
    const cases: [unknown, object][] = [
      [
        { activityId, arguments: { output: ossOutput('x') } },
        { arguments: ["The required argument 'input' is missing."] },
      ],
      [
        { activityId, arguments: { input: 'x', extra: 'y' } },
        { arguments: ["'extra' is not a parameter of the activity."] },
      ],
      [
        { activityId, arguments: { input: 'x', output: { ...ossOutput('x'), pathInZip: 'a/b.txt' } } },
        { arguments: ["'output' is an output: pathInZip is for inputs only."] },
      ],
      [
        { activityId: `${app.owner}.Copy`, arguments: { input: 'x' } },
        { activityId: ['activityId must name an activity by a fully qualified id with an alias: Owner.Name+Alias.'] },
      ],
      [
        { activityId, arguments: { input: 'x'.repeat(16 * 1024) } },
        { body: ['The request payload is larger than 16 KB (limitPayloadSizeInKB).'] },
      ],
    ];
    for (const [body, error] of cases) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(error);
    }
    expect(await platform.stores.daWorkitems.allLive()).toEqual([]);
  });
});

describe('batches and status lists', () => {
  it('accepts a batch, and answers the status of many with activityId, others as errors', async () => {
    const activityId = await defineActivity(platform, app.bearer, app.owner, {
      id: 'Print',
      commandLine: ['$(engine.path)/fake print hi'],
    });
    const batch = await daJson<WorkItemStatus[]>(platform, app.bearer, 'POST', '/workitems/batch', [
      { activityId },
      { activityId },
    ]);
    expect(batch.map((item) => item.status)).toEqual(['pending', 'pending']);
    await platform.app.workitems.idle();
    const statuses = await daJson<{ results: WorkItemStatus[]; errors: Record<string, string> }>(
      platform,
      app.bearer,
      'POST',
      '/workitems/status',
      [...batch.map((item) => item.id), 'nope'],
    );
    expect(statuses.results.map((item) => [item.status, item.activityId])).toEqual([
      ['success', activityId],
      ['success', activityId],
    ]);
    expect(statuses.errors).toEqual({ nope: 'WorkItem was not found.' });
    expect((await daRequest(platform, app.bearer, 'POST', '/workitems/batch', [])).status).toBe(400);
  });
});
