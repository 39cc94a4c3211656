import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { JobLeasesRepo } from '../storage/repos/job-leases';
import { runLeased, type RunEnd } from './leased-run';

/** Leases whose renewals find the job ended elsewhere or by the run itself: each renewal answers false. */
function endedLeases() {
  const released: string[] = [];
  const leases: JobLeasesRepo = {
    claimNext: () => Promise.resolve(undefined),
    claim: () => Promise.resolve(true),
    renew: () => Promise.resolve(false),
    release: (id) => Promise.resolve(void released.push(id)),
  };
  return { leases, released };
}

const clock = { now: () => new Date(Date.UTC(2026, 0, 1)) };
// A third of 3 ms: the first renewal comes at once.
const lease = { holder: 'runner-a', seconds: 0.003 };

describe('a leased run whose renewal finds the job ended', () => {
  it.each([
    ['hands the job back when the run stops without an end (ended elsewhere: a cancel)', undefined, ['job-1']],
    [
      'keeps it when the run itself recorded the end (the renewal came while it cleared its files)',
      'ended here' as const,
      [],
    ],
  ])('%s', async (_name, end: RunEnd | undefined, expected: string[]) => {
    const { leases, released } = endedLeases();
    const controller = new AbortController();
    await runLeased(leases, 'job-1', lease, clock, controller, 'claimed', async () => {
      await once(controller.signal, 'abort');
      return end;
    });
    expect(controller.signal.aborted).toBe(true);
    expect(released).toEqual(expected);
  });
});
