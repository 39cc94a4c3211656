import { LeaseLostError, runLeased } from '../../jobs/leased-run';
import { createLeasedRunner, MAX_ATTEMPTS, type LeasedRun } from '../../jobs/leased-runner';
import type { Lease } from '../../storage/repos/job-leases';
import { Report } from './report';
import type { CallbackDeps } from './callbacks';
import { finishWorkitem, runWorkitem, type WorkitemRunDeps } from './workitem-run';
import { isLive } from './workitem-status';

export interface WorkitemRunner {
  /** Starts a pending workitem (the engine queues it while its workers are busy). */
  enqueue(id: string): void;
  /** DELETE: a pending workitem ends `cancelled` at once; a running one once its run has stopped. */
  cancel(id: string): Promise<void>;
  /**
   * At start: runs again the workitems a stop left live, and fails those interrupted twice. `steal`
   * (one machine) takes them whatever their lease; without it, another live instance keeps its own.
   */
  resume(options?: { steal?: boolean }): Promise<void>;
  /** Takes live workitems nobody holds (their instance died and the lease lapsed) while fewer than `capacity` run here. */
  claimWaiting(capacity: number): Promise<number>;
  /** Resolves when no run and no callback is under way. */
  idle(): Promise<void>;
  /** Stops every run without recording an end (they run again at the next start) and every callback. */
  close(): Promise<void>;
  /** Retention: workitems that ended more than three days ago go, with their reports. */
  sweep(): Promise<number>;
}

/** The real service keeps a workitem's status for 3 days after it ends. */
export const RETENTION_SECONDS = 3 * 24 * 3600;

export interface WorkitemQueue {
  lease?: Partial<Lease> | undefined;
  /** false: `platform worker` processes run the workitems (`serve --jobs queue`); this runner only cancels. */
  runsJobs?: boolean | undefined;
}

export function createWorkitemRunner(
  deps: Omit<WorkitemRunDeps, 'callbacks'>,
  queue: WorkitemQueue = {},
): WorkitemRunner {
  const callbacks: CallbackDeps = {
    fetch: deps.fetch,
    logger: deps.logger,
    track: (done, controller) => runner.track(done, controller),
  };
  const runDeps: WorkitemRunDeps = { ...deps, callbacks };
  const start = (run: LeasedRun) =>
    runLeased(deps.stores.daWorkitemLeases, run.id, run.lease, deps.clock, run.controller, run.claim, async () => {
      const record = await deps.stores.daWorkitems.find(run.id);
      if (record?.status === 'inprogress' && record.attempts >= MAX_ATTEMPTS) {
        await endNow(
          run.id,
          'failedInstructions',
          `Error: the platform stopped ${record.attempts} times while this workitem ran, so it was not started again. Post it again.`,
        );
        return;
      }
      // A lost lease means the workitem ended elsewhere (cancelled through another process) or another
      // runner took it over: either way this run records nothing, as at a stop.
      const leaseLost = () => run.controller.signal.reason instanceof LeaseLostError;
      await runWorkitem(runDeps, run.id, run.controller.signal, {
        cancelled: () => run.cancelled,
        stopping: () => run.closing || leaseLost(),
      });
    });
  const runner = createLeasedRunner({
    db: deps.stores.db,
    leases: deps.stores.daWorkitemLeases,
    clock: deps.clock,
    logger: deps.logger,
    noun: 'workitem',
    allLive: () => deps.stores.daWorkitems.allLive(),
    start,
    lease: queue.lease,
    runsJobs: queue.runsJobs,
  });
  const endNow = async (
    id: string,
    status: 'cancelled' | 'failedInstructions',
    words: string | ((running: boolean) => string),
  ) => {
    const record = await deps.stores.daWorkitems.find(id);
    if (!record || !isLive(record.status)) return;
    const report = new Report(deps.clock);
    report.line(typeof words === 'string' ? words : words(record.status === 'inprogress'));
    await finishWorkitem(runDeps, record, status, record.stats, report);
  };

  return {
    enqueue: (id) => runner.enqueue(id),
    async cancel(id) {
      await runner.cancel(id, new Error('The workitem was cancelled.'));
      // Still live here: it had not started, or it runs in another process, which stops it when its lease's renewal finds it ended.
      await endNow(id, 'cancelled', (running) =>
        running ? 'The workitem was cancelled while it ran.' : 'The workitem was cancelled before it started.',
      );
    },
    resume: (options) => runner.resume(options),
    claimWaiting: (capacity) => runner.claimWaiting(capacity),
    idle: () => runner.idle(),
    close: () => runner.close(),
    async sweep() {
      const cutoff = new Date(deps.clock.now().getTime() - RETENTION_SECONDS * 1000);
      let total = 0;
      for (;;) {
        const { count, blobs } = await deps.stores.daWorkitems.deleteFinishedBefore(cutoff, 500);
        for (const blob of blobs) await deps.blobs.delete(blob).catch(() => undefined);
        total += count;
        if (count < 500) return total;
      }
    },
  };
}
