import { randomUUID } from 'node:crypto';
import type { Db } from '../storage/db/db';
import type { Claim, Clock } from './leased-run';
import type { JobLeasesRepo, Lease } from '../storage/repos/job-leases';

/** A stop interrupted the job this many times: it fails instead of running again. */
export const MAX_ATTEMPTS = 2;

/** One job's run, as the code that starts it sees it. */
export interface LeasedRun {
  readonly id: string;
  readonly claim: Claim;
  readonly lease: Lease;
  readonly controller: AbortController;
  /** `cancel` stopped it (a DELETE), not a stop of the platform. */
  readonly cancelled: boolean;
  /** The runner is closing: a run interrupted now is left live, to run again elsewhere or at the next start. */
  readonly closing: boolean;
}

export interface LeasedRunnerOptions {
  db: Pick<Db, 'kind'>;
  leases: JobLeasesRepo;
  clock: Clock;
  logger: { error(message: string, error?: unknown): void };
  /** What the log calls one job: `workitem` reads "workitem <id> could not be recorded". */
  noun: string;
  /** The jobs not yet ended, which a start runs again. */
  allLive(): Promise<readonly { id: string }[]>;
  /** Runs the job under its lease; resolves when the run has stopped, however it stopped. */
  start(run: LeasedRun): Promise<void>;
  /** A fresh holder id and 30 seconds unless given. */
  lease?: Partial<Lease> | undefined;
  /** False: other processes (`platform worker`) run the jobs; this runner starts none. */
  runsJobs?: boolean | undefined;
}

export interface LeasedRunner {
  /** Starts the job's run unless it runs here already or the runner is closed. */
  enqueue(id: string, claim?: Claim): void;
  /** Work beside the runs (a callback, what a request left): `idle` waits for it, `close` aborts its controller. */
  track(done: Promise<void>, controller?: AbortController): void;
  /** Stops the job's run here, if it runs here, and waits for it to stop. */
  cancel(id: string, reason: Error): Promise<void>;
  /** Runs again the jobs a stop left live; `steal` takes them whatever their lease (the default on the embedded database: one machine). */
  resume(options?: { steal?: boolean }): Promise<void>;
  /** Claims waiting jobs while fewer than `capacity` run here; how many it took. */
  claimWaiting(capacity: number): Promise<number>;
  /** Resolves when no run and no tracked work is under way. */
  idle(): Promise<void>;
  /** Aborts every run and tracked work, and waits for them to stop; nothing starts after. */
  close(): Promise<void>;
}

type Running = LeasedRun & { cancelled: boolean; done: Promise<void> };

export function createLeasedRunner(options: LeasedRunnerOptions): LeasedRunner {
  const lease: Lease = { holder: options.lease?.holder ?? randomUUID(), seconds: options.lease?.seconds ?? 30 };
  const runs = new Map<string, Running>();
  const tracked = new Map<Promise<void>, AbortController | undefined>();
  let closed = options.runsJobs === false;

  const enqueue = (id: string, claim: Claim = 'claim') => {
    if (closed || runs.has(id)) return;
    const run: Running = {
      id,
      claim,
      lease,
      controller: new AbortController(),
      cancelled: false,
      done: Promise.resolve(),
      get closing() {
        return closed;
      },
    };
    run.done = options
      .start(run)
      .catch((error: unknown) => options.logger.error(`${options.noun} ${id} could not be recorded`, error))
      .finally(() => runs.delete(id));
    runs.set(id, run);
  };
  const idle = async () => {
    while (runs.size || tracked.size)
      await Promise.allSettled([...[...runs.values()].map((run) => run.done), ...tracked.keys()]);
  };

  return {
    enqueue,
    track(done, controller) {
      tracked.set(done, controller);
      const forget = () => tracked.delete(done);
      void done.then(forget, forget);
      if (closed) controller?.abort();
    },
    async cancel(id, reason) {
      const run = runs.get(id);
      if (!run) return;
      run.cancelled = true;
      run.controller.abort(reason);
      await run.done;
    },
    async resume({ steal = options.db.kind === 'pglite' } = {}) {
      if (closed) return;
      for (const job of await options.allLive()) enqueue(job.id, steal ? 'steal' : 'claim');
    },
    async claimWaiting(capacity) {
      let taken = 0;
      while (!closed && runs.size < capacity) {
        const id = await options.leases.claimNext(lease, options.clock.now());
        if (!id) break;
        enqueue(id, 'claimed');
        taken++;
      }
      return taken;
    },
    idle,
    async close() {
      closed = true;
      const stopping = () => new Error('The platform is stopping.');
      for (const run of runs.values()) run.controller.abort(stopping());
      for (const controller of tracked.values()) controller?.abort(stopping());
      await idle();
    },
  };
}
