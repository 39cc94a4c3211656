import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { localEngine, notRunnableReason, type LocalEngine } from './catalog';
import { downloadPhase } from './download-phase';
import type { EngineDir } from './engine-dirs';
import type { EngineSettings } from './engine-options';
import type { RunHooks, RunOutcome, RunPhase, RunPlan } from './engine-types';
import { instructionsPhase } from './instructions-phase';
import { placeArguments } from './job-arguments';
import type { RunContext } from './run-context';
import { RunFailure } from './run-failure';
import type { Isolation } from './sandbox';
import { uploadPhase } from './upload-phase';
import { zipFolder } from './zip-folder';

export interface PlanDeps {
  settings: EngineSettings;
  workDir: string;
  isolation(): Isolation;
  engineDir(engine: LocalEngine): Promise<EngineDir>;
}

/** Where `adskDebug.uploadJobFolder` leaves its zip: beside the job folder, which the service removes. */
export function debugZipPathOf(jobDir: string): string {
  return path.join(path.dirname(jobDir), `${path.basename(jobDir)}-debug.zip`);
}

async function runPhases(
  ctx: RunContext,
  engine: LocalEngine,
  deps: PlanDeps,
  enter: (phase: RunPhase | undefined) => void,
): Promise<RunOutcome> {
  enter('download');
  ctx.args = placeArguments(ctx.plan);
  await downloadPhase(ctx);
  enter('instructions');
  await instructionsPhase(ctx, engine, await deps.engineDir(engine), deps.isolation());
  enter('upload');
  const status = await uploadPhase(ctx);
  enter(undefined);
  return status === 'success' ? { status } : { status, message: 'An optional output could not be uploaded.' };
}

function outcomeOf(error: unknown, ctx: RunContext): RunOutcome {
  if (error instanceof RunFailure) return { status: error.status, message: error.message };
  if (ctx.signal.aborted) return { status: 'cancelled', message: 'The workitem was cancelled.' };
  return {
    status: 'failedInstructions',
    message: `The engine could not run the workitem: ${(error as Error).message}`,
  };
}

/**
 * Runs one workitem through its three phases, reporting each edge at the engine's clock, and ends
 * with its outcome whatever happens; the run's own folder is removed, the job folder left to the
 * service (zipped beside it first when the workitem asked for its debug information).
 */
export async function executePlan(
  plan: RunPlan,
  hooks: RunHooks,
  signal: AbortSignal,
  deps: PlanDeps,
): Promise<RunOutcome> {
  const engine = localEngine(plan.engineId);
  if (!engine) {
    const message = notRunnableReason(plan.engineId);
    hooks.log(`Error: ${message}`);
    return { status: 'failedInstructions', message };
  }
  const runDir = path.join(deps.workDir, 'runs', randomUUID());
  const ctx: RunContext = {
    plan,
    hooks,
    signal,
    settings: deps.settings,
    runDir,
    args: [],
    totals: { downloaded: 0, uploaded: 0 },
  };
  let current: RunPhase | undefined;
  const enter = (phase: RunPhase | undefined) => {
    if (current) hooks.phase(current, 'end', deps.settings.clock.now());
    current = phase;
    if (phase) hooks.phase(phase, 'start', deps.settings.clock.now());
  };
  let outcome: RunOutcome;
  // Design Automation calls onProgress about every 30 s once processing starts; its body holds the id.
  const tick = setInterval(
    () => hooks.progress({ id: plan.workitemId, status: 'inprogress' }),
    deps.settings.progressTickMs,
  );
  try {
    if (signal.aborted) throw new RunFailure('cancelled', 'The workitem was cancelled before it started.');
    await mkdir(runDir, { recursive: true });
    await mkdir(plan.jobDir, { recursive: true });
    outcome = await runPhases(ctx, engine, deps, enter);
  } catch (error) {
    outcome = outcomeOf(error, ctx);
    hooks.log(`Error: ${outcome.message}`);
    enter(undefined);
  } finally {
    clearInterval(tick);
    await rm(runDir, { recursive: true, force: true });
  }
  if (plan.uploadJobFolder) {
    const debugZipPath = debugZipPathOf(plan.jobDir);
    try {
      await zipFolder(plan.jobDir, debugZipPath);
      outcome.debugZipPath = debugZipPath;
    } catch (error) {
      hooks.log(`Warning: the job folder could not be zipped for its debug information: ${(error as Error).message}`);
    }
  }
  return outcome;
}
