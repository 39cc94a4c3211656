import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ENGINE_DESCRIPTIONS, type LocalEngine } from './catalog';
import { prepareEngineDir, type EngineDir } from './engine-dirs';
import { engineSettings, type WorkitemEngineOptions } from './engine-options';
import type { RunHooks, RunOutcome, RunPlan, WorkitemEngine } from './engine-types';
import { executePlan } from './execute-plan';
import { detectIsolation, type Isolation } from './sandbox';

interface Queued {
  start(): void;
  cancel(outcome: RunOutcome): void;
}

/**
 * The Design Automation engines: at most `workers` workitems run at once, each a sandboxed
 * process in its job folder; the rest wait in a queue. `close()` stops every run and empties the
 * queue (its workitems end `cancelled`).
 */
export function createWorkitemEngine(options: WorkitemEngineOptions = {}): WorkitemEngine {
  const settings = engineSettings(options);
  const ownWorkDir = !settings.workDir;
  const workDir = path.resolve(settings.workDir ?? mkdtempSync(path.join(os.tmpdir(), 'aps-da-engines-')));
  // What a stopped platform left of its runs.
  rmSync(path.join(workDir, 'runs'), { recursive: true, force: true });
  const engineDirs = new Map<string, Promise<EngineDir>>();
  let isolation: Isolation | undefined;
  const queue: Queued[] = [];
  const running = new Set<{ controller: AbortController; done: Promise<RunOutcome> }>();
  let closed = false;

  const deps = {
    settings,
    workDir,
    isolation: () => (isolation ??= detectIsolation()),
    engineDir(engine: LocalEngine) {
      let dir = engineDirs.get(engine.key);
      if (!dir) {
        dir = mkdir(workDir, { recursive: true }).then(() => prepareEngineDir(workDir, engine));
        engineDirs.set(engine.key, dir);
      }
      return dir;
    },
  };

  function pump() {
    while (!closed && running.size < settings.workers && queue.length > 0) (queue.shift() as Queued).start();
  }

  return {
    engines: ENGINE_DESCRIPTIONS,
    run(plan: RunPlan, hooks: RunHooks, signal: AbortSignal): Promise<RunOutcome> {
      if (closed) return Promise.resolve({ status: 'cancelled', message: 'The platform is stopping.' });
      return new Promise<RunOutcome>((resolve) => {
        const onQueuedAbort = () => {
          const at = queue.indexOf(entry);
          if (at < 0) return;
          queue.splice(at, 1);
          resolve({ status: 'cancelled', message: 'The workitem was cancelled before it started.' });
        };
        const entry: Queued = {
          start() {
            signal.removeEventListener('abort', onQueuedAbort);
            const controller = new AbortController();
            const onAbort = () => controller.abort();
            signal.addEventListener('abort', onAbort);
            if (signal.aborted) controller.abort();
            const done = executePlan(plan, hooks, controller.signal, deps);
            const slot = { controller, done };
            running.add(slot);
            void done.then((outcome) => {
              signal.removeEventListener('abort', onAbort);
              running.delete(slot);
              resolve(outcome);
              pump();
            });
          },
          cancel: resolve,
        };
        signal.addEventListener('abort', onQueuedAbort);
        queue.push(entry);
        pump();
      });
    },
    async close() {
      closed = true;
      for (const entry of queue.splice(0)) entry.cancel({ status: 'cancelled', message: 'The platform is stopping.' });
      for (const slot of running) slot.controller.abort();
      await Promise.all([...running].map((slot) => slot.done));
      if (ownWorkDir) await rm(workDir, { recursive: true, force: true });
    },
  };
}
