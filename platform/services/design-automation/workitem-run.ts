import { rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FinalWorkItemStatus, WorkItemStats } from '../../../contracts/design-automation';
import type { RunHooks, RunOutcome, RunPhase, RunPlan, WorkitemEngine } from '../../automation/engine-types';
import type { Clock } from '../../config';
import type { BlobStore } from '../../storage/blobs/blob-store';
import type { DaWorkitemRecord } from '../../storage/repos/da-workitems';
import type { Stores } from '../../storage/stores';
import { progressSender, sendComplete, type CallbackDeps } from './callbacks';
import type { StoreSigner } from './signing';
import { Report, resultWord } from './report';
import { prepareRunDir, runPlan } from './run-plan';
import { statsTime, type WorkitemSpec } from './workitem-spec';
import { isLive, workitemStatus } from './workitem-status';

export interface WorkitemRunDeps {
  stores: Stores;
  blobs: BlobStore;
  clock: Clock;
  engine: WorkitemEngine;
  /** Each run's folder is `{workDir}/da/{id}`, removed when the run ends. */
  workDir: string;
  logger: { error(message: string, error?: unknown): void };
  base(): string;
  signer(): Promise<StoreSigner>;
  fetch: typeof fetch;
  callbacks: CallbackDeps;
}

export interface RunFlags {
  /** DELETE asked for it: the run ends as `cancelled` unless it had already succeeded. */
  cancelled(): boolean;
  /** The platform is stopping: an interrupted run is left live, to run again at the next start. */
  stopping(): boolean;
}

const STAT_OF_EDGE: Partial<Record<`${RunPhase}:${'start' | 'end'}`, keyof WorkItemStats>> = {
  'download:start': 'timeDownloadStarted',
  'instructions:start': 'timeInstructionsStarted',
  'instructions:end': 'timeInstructionsEnded',
  'upload:end': 'timeUploadEnded',
};

/** Runs one workitem through the engine and records how it ended. */
export async function runWorkitem(
  deps: WorkitemRunDeps,
  id: string,
  signal: AbortSignal,
  flags: RunFlags,
): Promise<void> {
  const record = await deps.stores.daWorkitems.find(id);
  if (!record || !isLive(record.status)) return;
  const spec = record.spec as WorkitemSpec;
  const report = new Report(deps.clock);
  const stats: WorkItemStats = { ...record.stats };
  const dir = path.join(deps.workDir, 'da', id);
  // What the stats say is written in order, never holding the engine up.
  let writes = Promise.resolve();
  let started = false;
  const persist = () => {
    const first = !started;
    started = true;
    const snapshot = { ...stats };
    writes = writes
      .then(
        async () =>
          void (first
            ? await deps.stores.daWorkitems.start(id, snapshot)
            : await deps.stores.daWorkitems.setStats(id, snapshot)),
      )
      .catch((error: unknown) => deps.logger.error(`workitem ${id}: its stats could not be saved`, error));
  };
  const hooks: RunHooks = {
    fetch: deps.fetch,
    log: (line) => report.line(line),
    phase: (phase, edge, at) => {
      const stat = STAT_OF_EDGE[`${phase}:${edge}`];
      if (stat) (stats as unknown as Record<string, string>)[stat] = statsTime(at);
      if (edge === 'start' || started) persist();
    },
    bytes: (direction, count) => {
      stats[direction === 'downloaded' ? 'bytesDownloaded' : 'bytesUploaded'] = count;
    },
    progress: progressSender(deps.callbacks, spec.onProgress),
  };
  let outcome: RunOutcome;
  await rm(dir, { recursive: true, force: true });
  report.line(`Starting work item ${id}`);
  try {
    const prepared = await prepareRunDir(deps.blobs, dir, spec);
    outcome = signal.aborted
      ? { status: 'cancelled', message: 'The workitem was cancelled before it started.' }
      : await watched(
          deps.engine.run.bind(deps.engine),
          runPlan(record, spec, { ...prepared, base: deps.base() }),
          hooks,
          signal,
        );
    if (outcome.message === OVERDUE) report.line(`Error: ${OVERDUE}`);
  } catch (error) {
    outcome = {
      status: signal.aborted ? 'cancelled' : 'failedInstructions',
      message: `The platform could not run the workitem: ${(error as Error).message}`,
    };
    report.line(`Error: ${outcome.message}`);
  }
  try {
    await writes;
    if (flags.stopping() && outcome.status === 'cancelled') return;
    const status = flags.cancelled() && outcome.status !== 'success' ? 'cancelled' : outcome.status;
    await finishWorkitem(deps, record, status, { ...stats }, report, outcome.debugZipPath);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// The engine enforces each run's limit; this only guards the state machine against an engine that fails to.
const GRACE_SECONDS = 120;
const OVERDUE =
  'The engine did not end the run within its processing-time limit, so the platform stopped waiting for it.';

/** The engine's run, given up `GRACE_SECONDS` past the workitem's limit (aborted, then left) so that no workitem stays live for ever. */
async function watched(
  run: WorkitemEngine['run'],
  plan: RunPlan,
  hooks: RunHooks,
  signal: AbortSignal,
): Promise<RunOutcome> {
  const overdue = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  const late = new Promise<RunOutcome>((resolve) => {
    timers.push(
      setTimeout(
        () => {
          overdue.abort();
          timers.push(
            setTimeout(() => resolve({ status: 'failedLimitProcessingTime', message: OVERDUE }), GRACE_SECONDS * 1000),
          );
        },
        (Math.max(plan.limitProcessingTimeSec, 1) + GRACE_SECONDS) * 1000,
      ),
    );
  });
  try {
    const outcome = await Promise.race([run(plan, hooks, AbortSignal.any([signal, overdue.signal])), late]);
    return overdue.signal.aborted && !signal.aborted && outcome.status === 'cancelled'
      ? { status: 'failedLimitProcessingTime', message: OVERDUE }
      : outcome;
  } finally {
    for (const timer of timers) clearTimeout(timer);
  }
}

async function fileBlob(blobs: BlobStore, file: string): Promise<{ id: string; size: number }> {
  const { size } = await stat(file);
  const written = await blobs.write(Readable.from(createReadStream(file)), { maxBytes: size, expectedBytes: size });
  return { id: written.id, size: written.size };
}

/**
 * The end of a workitem, however it came: `report.txt` (and the debug zip) into blobs, then the
 * final status in one update, then `onComplete`. If it had ended meanwhile, nothing is kept.
 */
export async function finishWorkitem(
  deps: WorkitemRunDeps,
  record: DaWorkitemRecord,
  status: FinalWorkItemStatus,
  stats: WorkItemStats,
  report: Report,
  debugZipPath?: string,
): Promise<void> {
  const at = deps.clock.now();
  const final: WorkItemStats = { ...stats, timeFinished: statsTime(at) };
  const debug = debugZipPath
    ? await fileBlob(deps.blobs, debugZipPath).catch((error: unknown) => {
        report.line(`Warning: the job folder's zip could not be kept: ${(error as Error).message}`);
        return null;
      })
    : null;
  // The URLs name the workitem, not the blob, so the status block can hold them before the report is written.
  const ended = { ...record, status, stats: final, reportBlobId: 'report', debugBlobId: debug?.id ?? null };
  const statusBody = await workitemStatus(deps, ended, true);
  const bytes = report.finish(resultWord(status), statusBody);
  const written = await deps.blobs.write(Readable.from([bytes]), {
    maxBytes: bytes.length,
    expectedBytes: bytes.length,
  });
  const kept = await deps.stores.daWorkitems.finish(record.id, {
    status,
    stats: final,
    report: { id: written.id, size: written.size },
    debug,
    at,
  });
  if (!kept) {
    for (const blob of [written.id, debug?.id]) if (blob) await deps.blobs.delete(blob).catch(() => undefined);
    return;
  }
  sendComplete(deps.callbacks, (record.spec as WorkitemSpec).onComplete, statusBody);
}
