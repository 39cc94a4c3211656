import type { JobLeasesRepo, Lease } from '../storage/repos/job-leases';

/** The platform's clock, as leases need it (structural, so storage does not import the config). */
export interface Clock {
  now(): Date;
}

/** Why a run was aborted when its lease could not be renewed: the job ended elsewhere (a cancel) or another runner has it. */
export class LeaseLostError extends Error {
  constructor() {
    super("The job is no longer this runner's.");
  }
}

/** What a run may tell of itself: it recorded the job's end. */
export type RunEnd = 'ended here';

/** How a run gets its lease: claim it, take it whatever its holder (a restart on one machine), or it was claimed already. */
export type Claim = 'claim' | 'steal' | 'claimed';

/**
 * Runs `work` while holding the job's lease: renewed at a third of its length, handed back when the
 * run stops without an end. A renewal that fails (the job ended or went elsewhere, or another runner
 * took it over after this one stalled past its lease) aborts the run, which then records nothing.
 * Nothing runs when the claim fails: another runner holds the job.
 */
export async function runLeased(
  leases: JobLeasesRepo,
  id: string,
  lease: Lease,
  clock: Clock,
  controller: AbortController,
  claim: Claim,
  work: () => Promise<RunEnd | void>,
): Promise<void> {
  if (claim !== 'claimed' && !(await leases.claim(id, lease, clock.now(), claim === 'steal'))) return;
  const renewal = setInterval(
    () => {
      void leases.renew(id, lease, clock.now()).then(
        (held) => {
          if (!held) controller.abort(new LeaseLostError());
        },
        () => undefined,
      );
    },
    (lease.seconds * 1000) / 3,
  );
  let end: RunEnd | void = undefined;
  try {
    end = await work();
  } finally {
    clearInterval(renewal);
    // A renewal that found the job just ended by this run (its files still being cleared) aborts it too: nothing to hand back then.
    if (controller.signal.aborted && end !== 'ended here') await leases.release(id, lease).catch(() => undefined);
  }
}
