import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createWorkitemEngine } from '../platform/automation/engine';
import type { RunPlan, WorkitemEngine } from '../platform/automation/engine-types';
import { bundle, plan, recordingHooks } from '../platform/testing/automation/run-harness';
import { result, type Benchmark } from './harness';

const RUNS = 15;
const WARM_RUNS = 2;
const BATCH = 24;
const never = new AbortController().signal;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The floor: a bare Node.js process started and waited for, as the engine starts one per workitem. */
async function bareNode(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'close');
  return performance.now() - started;
}

async function noOpWorkitem(engine: WorkitemEngine, template: RunPlan, root: string, n: number): Promise<number> {
  const jobDir = path.join(root, `job-${n}`);
  await mkdir(jobDir);
  const started = performance.now();
  const outcome = await engine.run(
    { ...template, workitemId: String(n).padStart(32, '0'), jobDir },
    recordingHooks(),
    never,
  );
  const elapsed = performance.now() - started;
  if (outcome.status !== 'success') throw new Error(`The no-op workitem ended ${outcome.status}: ${outcome.message}`);
  await rm(jobDir, { recursive: true, force: true });
  return elapsed;
}

/** Runs `count` tasks, `parallel` at a time; returns the whole batch's milliseconds. */
async function batch(count: number, parallel: number, task: (n: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await task(next++);
    }),
  );
  return performance.now() - started;
}

/**
 * A no-op workitem (a Local.NodeJs+22 appbundle whose script is empty) from `run()` to `success`,
 * through every phase and the sandbox, against a bare `node -e ''` spawned in the same run, taking
 * turns (target: at most 3 times as long); then workitems per minute with the default workers against
 * bare processes started as many at a time.
 */
export const daEngine: Benchmark = {
  name: 'da-engine',
  async run() {
    const root = await mkdtemp(path.join(os.tmpdir(), 'ddm-bench-da-'));
    const engine = createWorkitemEngine();
    try {
      const noOp = await bundle(root, 'NoOp', { 'main.mjs': '' });
      const template = plan(root, {
        engineId: 'Local.NodeJs+22',
        commandLine: ['$(engine.path)/node "$(appbundles[NoOp].path)/main.mjs"'],
        appbundles: [noOp],
      });
      const workers = 2;
      for (let n = 0; n < WARM_RUNS; n++) {
        await bareNode();
        await noOpWorkitem(engine, template, root, n);
      }
      const bare: number[] = [];
      const measured: number[] = [];
      for (let n = 0; n < RUNS; n++) {
        bare.push(await bareNode());
        measured.push(await noOpWorkitem(engine, template, root, 100 + n));
      }
      const bareBatch = await batch(BATCH, workers, () => bareNode());
      const engineBatch = await batch(BATCH, workers, (n) => noOpWorkitem(engine, template, root, 1000 + n));
      const perMinute = (ms: number) => (BATCH / ms) * 60_000;
      return [
        result('da-engine no-op workitem, run() to success (median)', median(measured), 'ms', median(bare)),
        result(
          `da-engine no-op workitems per minute (${workers} workers)`,
          perMinute(engineBatch),
          'workitems/min',
          perMinute(bareBatch),
        ),
      ];
    } finally {
      await engine.close();
      await rm(root, { recursive: true, force: true });
    }
  },
};
