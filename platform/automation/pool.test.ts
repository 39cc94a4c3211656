import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkitemEngine } from './engine';
import type { RunPlan } from './engine-types';
import { plan, recordingHooks, scratch, waitFor } from '../testing/automation/run-harness';

describe('Design Automation engine: the pool of runs', () => {
  let dirs: Awaited<ReturnType<typeof scratch>>[] = [];
  beforeEach(() => {
    dirs = [];
  });
  afterEach(async () => {
    await Promise.all(dirs.map((dir) => dir.remove()));
  });

  async function testPlan(steps: string): Promise<RunPlan> {
    const dir = await scratch();
    dirs.push(dir);
    return plan(dir.jobDir, { commandLine: [`$(engine.path)/test ${steps}`] });
  }

  it('runs at most `workers` workitems at once and starts the next when one ends', async () => {
    const engine = createWorkitemEngine({ workers: 1 });
    try {
      const first = { hooks: recordingHooks(), controller: new AbortController() };
      const second = recordingHooks();
      const firstDone = engine.run(await testPlan('print first hang'), first.hooks, first.controller.signal);
      const secondDone = engine.run(await testPlan('print second'), second, new AbortController().signal);
      await waitFor(() => first.hooks.lines.includes('first'), 'the first program');
      expect(second.lines, 'the second waits in the queue').toEqual([]);
      first.controller.abort();
      expect(await firstDone).toMatchObject({ status: 'cancelled' });
      expect(await secondDone).toEqual({ status: 'success' });
      expect(second.lines).toContain('second');
    } finally {
      await engine.close();
    }
  });

  it('a workitem cancelled in the queue ends at once and never starts', async () => {
    const engine = createWorkitemEngine({ workers: 1 });
    try {
      const first = { hooks: recordingHooks(), controller: new AbortController() };
      const firstDone = engine.run(await testPlan('print first hang'), first.hooks, first.controller.signal);
      const queued = { hooks: recordingHooks(), controller: new AbortController() };
      const queuedDone = engine.run(await testPlan('print never'), queued.hooks, queued.controller.signal);
      queued.controller.abort();
      expect(await queuedDone).toEqual({
        status: 'cancelled',
        message: 'The workitem was cancelled before it started.',
      });
      expect(queued.hooks.lines).toEqual([]);
      first.controller.abort();
      await firstDone;
    } finally {
      await engine.close();
    }
  });

  it('close() stops the running workitems and empties the queue', async () => {
    const engine = createWorkitemEngine({ workers: 1 });
    const running = recordingHooks();
    const runningDone = engine.run(await testPlan('print running hang'), running, new AbortController().signal);
    const queuedDone = engine.run(await testPlan('print never'), recordingHooks(), new AbortController().signal);
    await waitFor(() => running.lines.includes('running'), 'the program to start');
    await engine.close();
    expect(await runningDone).toMatchObject({ status: 'cancelled' });
    expect(await queuedDone).toEqual({ status: 'cancelled', message: 'The platform is stopping.' });
    expect(
      await engine.run(await testPlan('print late'), recordingHooks(), new AbortController().signal),
    ).toMatchObject({ status: 'cancelled' });
  });

  it('lists the local engines and the Autodesk ones, saying which run here', () => {
    const engine = createWorkitemEngine();
    const ids = engine.engines.map((description) => `${description.id} ${description.runsLocally}`);
    expect(ids).toEqual(
      expect.arrayContaining([
        'Local.NodeJs+22 true',
        'Local.WebIfc+1 true',
        'Local.Mesh+1 true',
        'Local.Test+1 true',
        'Autodesk.AutoCAD+25_0 false',
        'Autodesk.Revit+2025 false',
        'Autodesk.Inventor+2025 false',
        'Autodesk.3dsMax+2025 false',
      ]),
    );
    for (const description of engine.engines.filter((candidate) => !candidate.runsLocally))
      expect(description.description).toMatch(/does not run on this platform/);
    for (const description of engine.engines.filter((candidate) => candidate.runsLocally))
      expect(description.description).toMatch(/not an Autodesk product|test engine/);
    return engine.close();
  });
});
