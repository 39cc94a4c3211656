import type { Stores } from '../storage/stores';

/** What a restore needs of a runner: `app.jobs` and `app.workitems` of `createApp` fit. */
export interface LiveRunner {
  cancel(id: string): Promise<void>;
  resume(options?: { steal?: boolean }): Promise<void>;
}

export interface LiveRunners {
  jobs: LiveRunner;
  workitems: LiveRunner;
}

/**
 * Before a restore: stops every translation job and workitem the database has live, so none is
 * running on the rows that are about to go. A job's cancel records nothing more; a workitem's ends it
 * `cancelled` (calling its `onComplete`, as a DELETE would). Runs in other processes (`platform
 * worker`, other instances) stop at their next lease renewal, which finds their row gone or changed.
 */
export async function stopLiveWork(stores: Stores, runners: LiveRunners | undefined): Promise<void> {
  if (!runners) return;
  for (const job of await stores.mdJobs.allLive()) await runners.jobs.cancel(job.id);
  for (const workitem of await stores.daWorkitems.allLive()) await runners.workitems.cancel(workitem.id);
}

/** After a restore: runs the live jobs and workitems of the restored state (their leases were cleared). */
export async function resumeLiveWork(runners: LiveRunners | undefined): Promise<void> {
  if (!runners) return;
  await runners.jobs.resume();
  await runners.workitems.resume();
}
