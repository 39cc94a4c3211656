import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createWorkitemEngine } from './engine';
import type { RunPlan } from './engine-types';
import { engineSuite } from '../testing/automation/engine-suite';
import { parameter, plan, recordingHooks, waitFor } from '../testing/automation/run-harness';

const never = new AbortController().signal;

describe('Design Automation engine: every final status, made to happen for real', () => {
  const suite = engineSuite(() => ({
    workers: 2,
    maxJobFolderBytes: 1_000_000,
    maxDownloadBytes: 100_000,
    maxUploadBytes: 50_000,
  }));
  beforeAll(() => {
    suite.server.files.set('in.txt', Buffer.from('input'));
  });

  /** A Local.Test run of `steps`, with an input `in` (from `inUrl`) and an output `out` (to `outUrl`). */
  const testPlan = (
    steps: string,
    fields: Partial<RunPlan> = {},
    inUrl = `${suite.server.url}/files/in.txt`,
    outUrl = `${suite.server.url}/files/out.txt`,
  ) => ({
    commandLine: [`$(engine.path)/test ${steps}`],
    parameters: { in: parameter('get', { localName: 'in.txt' }), out: parameter('put', { localName: 'out.txt' }) },
    arguments: {
      in: { kind: 'url', url: inUrl },
      out: { kind: 'url', url: outUrl, verb: 'put' },
    } as RunPlan['arguments'],
    ...fields,
  });

  it('success', async () => {
    const { outcome, report } = await suite.run(testPlan('echo in.txt out.txt'));
    expect(outcome.status, report).toBe('success');
  });

  it('failedDownload: an input the server does not have', async () => {
    const { outcome, hooks } = await suite.run(
      testPlan('echo in.txt out.txt', {}, `${suite.server.url}/files/absent.txt`),
    );
    expect(outcome.status).toBe('failedDownload');
    expect(outcome.message).toMatch(/in could not be downloaded: The server answered 404/);
    expect(hooks.phases.map(({ phase, edge }) => `${phase} ${edge}`)).toEqual(['download start', 'download end']);
    expect(hooks.lines.some((line) => line.startsWith('Start script phase'))).toBe(false);
  });

  it('failedDownload is not reached when the missing input is optional', async () => {
    const runPlan = testPlan('print ok', {}, `${suite.server.url}/files/absent.txt`);
    runPlan.arguments['in'] = { kind: 'url', url: `${suite.server.url}/files/absent.txt`, optional: true };
    delete runPlan.arguments['out'];
    const { outcome, hooks } = await suite.run(runPlan);
    expect(outcome.status).toBe('success');
    expect(hooks.lines).toContain('ok');
  });

  it('failedInstructions: the program exits with a code other than 0', async () => {
    const { outcome, hooks } = await suite.run(testPlan('print failing exit 3'));
    expect(outcome).toEqual({ status: 'failedInstructions', message: 'The program exited with code 3.' });
    expect(hooks.lines).toContain('failing');
    expect(hooks.phases.at(-1)).toMatchObject({ phase: 'instructions', edge: 'end' });
  });

  it('failedUpload: a non-optional output the program did not write', async () => {
    const { outcome, hooks } = await suite.run(testPlan('print nothing-written'));
    expect(outcome.status).toBe('failedUpload');
    expect(hooks.lines).toContain(`Error: Non-optional output [${suite.dirs.jobDir}/out.txt] is missing.`);
  });

  it('failedUpload: the server refuses the output', async () => {
    const { outcome } = await suite.run(
      testPlan('echo in.txt out.txt', {}, undefined, `${suite.server.url}/status/403`),
    );
    expect(outcome.status).toBe('failedUpload');
    expect(outcome.message).toMatch(/The server answered 403/);
  });

  it('failedUploadOptional: an optional output refused, when the activity asks for it to be reported', async () => {
    const runPlan = testPlan('echo in.txt out.txt', {
      settings: { dasreportfaileduploadoptional: { value: 'true', isEnvironmentVariable: true } },
    });
    runPlan.arguments['out'] = { kind: 'url', url: `${suite.server.url}/status/500`, verb: 'put', optional: true };
    const { outcome, hooks } = await suite.run(runPlan);
    expect(outcome.status).toBe('failedUploadOptional');
    expect(
      hooks.lines.some((line) =>
        line.startsWith('Warning: the optional output out could not be uploaded: The server answered 500'),
      ),
    ).toBe(true);
  });

  it('failedLimitDataSize: the program writes past the job folder limit', async () => {
    const { outcome } = await suite.run(testPlan('write big.bin 3000000'));
    expect(outcome.status).toBe('failedLimitDataSize');
  });

  it('failedLimitDataSize: the program fills the job folder with files each under the limit', async () => {
    const { outcome } = await suite.run(testPlan('write a.bin 600000 write b.bin 600000'));
    expect(outcome).toMatchObject({
      status: 'failedLimitDataSize',
      message: expect.stringMatching(/job folder grew past its limit of 1000000 bytes/),
    });
  });

  it('failedLimitDataSize: an input larger than the downloads may be', async () => {
    suite.server.files.set('large.bin', Buffer.alloc(200_000));
    const { outcome } = await suite.run(testPlan('print never', {}, `${suite.server.url}/files/large.bin`));
    expect(outcome.status).toBe('failedLimitDataSize');
    expect(existsSync(`${suite.dirs.jobDir}/in.txt`)).toBe(false);
  });

  it('failedLimitDataSize: an output larger than an upload may be', async () => {
    const { outcome } = await suite.run(testPlan('write out.txt 60000'));
    expect(outcome.status).toBe('failedLimitDataSize');
    expect(
      suite.server.requests.some((request) => request.path === '/files/out.txt' && request.body.length === 60000),
    ).toBe(false);
  });

  it('failedLimitProcessingTime: the program runs past the workitem limit', async () => {
    const { outcome } = await suite.run(testPlan('print started sleep 30000', { limitProcessingTimeSec: 1 }));
    expect(outcome.status).toBe('failedLimitProcessingTime');
    expect(outcome.message).toMatch(/ran past the workitem's limit of 1 s/);
  });

  it('failedLimitProcessingTime: the program prints nothing for longer than the heartbeat allows', async () => {
    const quick = createWorkitemEngine({ heartbeatMs: 400 });
    try {
      const hooks = recordingHooks();
      const outcome = await quick.run(plan(suite.dirs.jobDir, testPlan('hang')), hooks, never);
      expect(outcome.status).toBe('failedLimitProcessingTime');
      expect(outcome.message).toMatch(/printed nothing for 0.4 s/);
    } finally {
      await quick.close();
    }
  });

  it('cancelled: the workitem is cancelled while its program runs', async () => {
    const controller = new AbortController();
    const hooks = recordingHooks();
    const outcome = suite.engine.run(plan(suite.dirs.jobDir, testPlan('print started hang')), hooks, controller.signal);
    await waitFor(() => hooks.lines.includes('started'), 'the program to start');
    controller.abort();
    expect(await outcome).toMatchObject({ status: 'cancelled' });
  });

  it('failedInstructions: an Autodesk engine does not run here, and says so', async () => {
    const before = suite.server.requests.length;
    const { outcome, hooks } = await suite.run(testPlan('print never', { engineId: 'Autodesk.AutoCAD+25_0' }));
    expect(outcome.status).toBe('failedInstructions');
    expect(outcome.message).toMatch(
      /Autodesk.AutoCAD\+25_0 \(AutoCAD 2025\) is Autodesk's and does not run on this local platform/,
    );
    expect(hooks.lines).toHaveLength(1);
    expect(suite.server.requests.length, 'nothing is downloaded for it').toBe(before);
  });

  it('failedInstructions: a command line that does not start in $(engine.path), or names an unknown variable', async () => {
    expect((await suite.run(testPlan('print x', { commandLine: ['/usr/bin/node -e 1'] }))).outcome).toMatchObject({
      status: 'failedInstructions',
      message: expect.stringMatching(/must start with \$\(engine.path\)\/test/),
    });
    expect(
      (await suite.run(testPlan('print x', { commandLine: ['$(engine.path)/test echo "$(args[nothing].path)" x'] })))
        .outcome,
    ).toMatchObject({
      status: 'failedInstructions',
      message: expect.stringMatching(/\$\(args\[nothing\].path\) names nothing/),
    });
  });
});
