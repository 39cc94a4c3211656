import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { JobLeasesRepo } from '../storage/repos/job-leases';
import { createLeasedRunner, type LeasedRun, type LeasedRunnerOptions } from './leased-runner';

/** Leases over a queue of waiting jobs: `claimNext` hands them out oldest first. */
function queueLeases(waiting: string[]): JobLeasesRepo {
  return {
    claimNext: () => Promise.resolve(waiting.shift()),
    claim: () => Promise.resolve(true),
    renew: () => Promise.resolve(true),
    release: () => Promise.resolve(),
  };
}

/** A runner whose runs last until they are aborted, recording what started and what stopped. */
function runnerUntilAborted(options: Partial<LeasedRunnerOptions> = {}) {
  const started: LeasedRun[] = [];
  const stopped: string[] = [];
  const logged: string[] = [];
  const runner = createLeasedRunner({
    db: { kind: 'postgres' },
    leases: queueLeases([]),
    clock: { now: () => new Date(Date.UTC(2026, 0, 1)) },
    logger: { error: (message) => logged.push(message) },
    noun: 'job',
    allLive: () => Promise.resolve([{ id: 'job-1' }, { id: 'job-2' }]),
    async start(run) {
      started.push(run);
      if (!run.controller.signal.aborted) await once(run.controller.signal, 'abort');
      stopped.push(run.id);
    },
    ...options,
  });
  return { runner, started, stopped, logged };
}

/** Lets every callback already queued run, the runner's own included. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a leased runner', () => {
  it('runs a job enqueued twice once', async () => {
    const { runner, started } = runnerUntilAborted();
    runner.enqueue('job-1');
    runner.enqueue('job-1');
    await settle();
    expect(started.map((run) => [run.id, run.claim])).toEqual([['job-1', 'claim']]);
    await runner.close();
  });

  it('close aborts every run, waits for each to stop, and starts nothing after', async () => {
    const { runner, started, stopped } = runnerUntilAborted();
    runner.enqueue('job-1');
    runner.enqueue('job-2');
    await runner.close();
    expect(stopped).toEqual(['job-1', 'job-2']);
    expect(started.map((run) => [run.closing, (run.controller.signal.reason as Error).message])).toEqual([
      [true, 'The platform is stopping.'],
      [true, 'The platform is stopping.'],
    ]);
    runner.enqueue('job-3');
    expect(started).toHaveLength(2);
  });

  it('idle waits for tracked work too; close aborts its controller, and work tracked after close is aborted at once', async () => {
    const { runner } = runnerUntilAborted();
    let finish!: () => void;
    const work = new Promise<void>((resolve) => (finish = resolve));
    const controller = new AbortController();
    runner.track(work, controller);
    let idle = false;
    const waited = runner.idle().then(() => (idle = true));
    await settle();
    expect(idle).toBe(false);
    finish();
    await waited;

    const callback = new AbortController();
    runner.track(
      once(callback.signal, 'abort').then(() => undefined),
      callback,
    );
    await runner.close();
    expect(callback.signal.aborted).toBe(true);
    const late = new AbortController();
    runner.track(Promise.resolve(), late);
    expect(late.signal.aborted).toBe(true);
  });

  it('never runs a job when it does not run jobs (another process does)', async () => {
    const waiting = ['job-3'];
    const { runner, started } = runnerUntilAborted({ runsJobs: false, leases: queueLeases(waiting) });
    runner.enqueue('job-1');
    await runner.resume();
    expect(await runner.claimWaiting(4)).toBe(0);
    await runner.idle();
    expect(started).toEqual([]);
    expect(waiting).toEqual(['job-3']);
  });

  it('claims waiting jobs only while fewer than capacity run here', async () => {
    const waiting = ['job-1', 'job-2', 'job-3'];
    const { runner, started } = runnerUntilAborted({ leases: queueLeases(waiting) });
    expect(await runner.claimWaiting(2)).toBe(2);
    expect(await runner.claimWaiting(2)).toBe(0);
    expect(waiting).toEqual(['job-3']);
    await settle();
    expect(started.map((run) => [run.id, run.claim])).toEqual([
      ['job-1', 'claimed'],
      ['job-2', 'claimed'],
    ]);
    await runner.close();
  });

  it('resume steals the live jobs on the embedded database and claims them otherwise', async () => {
    for (const [kind, claim] of [
      ['pglite', 'steal'],
      ['postgres', 'claim'],
    ] as const) {
      const { runner, started } = runnerUntilAborted({ db: { kind } });
      await runner.resume();
      await settle();
      expect(started.map((run) => [run.id, run.claim])).toEqual([
        ['job-1', claim],
        ['job-2', claim],
      ]);
      await runner.close();
    }
  });

  it('cancel aborts one run, marks it cancelled and waits for it; a failed run is logged and may run again', async () => {
    const { runner, started, stopped } = runnerUntilAborted();
    runner.enqueue('job-1');
    await runner.cancel('job-1', new Error('Deleted.'));
    expect(stopped).toEqual(['job-1']);
    expect(started.map((run) => [run.cancelled, run.closing])).toEqual([[true, false]]);

    const failing = runnerUntilAborted({ start: () => Promise.reject(new Error('database gone')) });
    failing.runner.enqueue('job-1');
    await failing.runner.idle();
    expect(failing.logged).toEqual(['job job-1 could not be recorded']);
    failing.runner.enqueue('job-1');
    await failing.runner.idle();
    expect(failing.logged).toHaveLength(2);
  });
});
