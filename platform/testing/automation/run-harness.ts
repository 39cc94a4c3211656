import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import type { PlanBundle, PlanParameter, RunHooks, RunPhase, RunPlan } from '../../automation/engine-types';

/** Hooks that keep everything a run reports, for a test to read. */
export interface RecordedHooks extends RunHooks {
  lines: string[];
  phases: { phase: RunPhase; edge: 'start' | 'end'; at: Date }[];
  progressBodies: unknown[];
  bytesMoved: { downloaded: number; uploaded: number };
}

export function recordingHooks(fetcher: typeof fetch = fetch): RecordedHooks {
  const hooks: RecordedHooks = {
    lines: [],
    phases: [],
    progressBodies: [],
    bytesMoved: { downloaded: 0, uploaded: 0 },
    fetch: fetcher,
    log: (line) => hooks.lines.push(line),
    phase: (phase, edge, at) => hooks.phases.push({ phase, edge, at }),
    bytes: (direction, count) => (hooks.bytesMoved[direction] = count),
    progress: (body) => hooks.progressBodies.push(body),
  };
  return hooks;
}

/** A parameter with Design Automation's defaults filled in. */
export function parameter(verb: PlanParameter['verb'], extra: Partial<PlanParameter> = {}): PlanParameter {
  return { verb, zip: false, ondemand: false, required: false, ...extra };
}

/** A scratch folder holding a job folder (`job/`) and anything else a test writes. */
export async function scratch(): Promise<{ root: string; jobDir: string; remove(): Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'da-engine-test-'));
  const jobDir = path.join(root, 'job');
  await mkdir(jobDir);
  return { root, jobDir, remove: () => rm(root, { recursive: true, force: true }) };
}

export function plan(jobDir: string, fields: Partial<RunPlan>): RunPlan {
  return {
    workitemId: 'a'.repeat(32),
    engineId: 'Local.Test+1',
    activityId: 'Tester.Activity+test',
    commandLine: [],
    parameters: {},
    arguments: {},
    appbundles: [],
    settings: {},
    limitProcessingTimeSec: 60,
    uploadJobFolder: false,
    mask: false,
    jobDir,
    ...fields,
  };
}

/** An appbundle made of `files` (name → text), written as a zip in `dir`. */
export async function bundle(dir: string, name: string, files: Record<string, string>): Promise<PlanBundle> {
  const zipPath = path.join(dir, `${name}.zip`);
  await writeFile(
    zipPath,
    zipSync(Object.fromEntries(Object.entries(files).map(([file, text]) => [file, new TextEncoder().encode(text)]))),
  );
  return { name, zipPath };
}

/** Waits until `condition` holds, checking every few milliseconds; fails after `timeoutMs`. */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
