import type { Timers } from '../../features/upload/backoff';

/**
 * Timers for engine tests: a sleep resolves at once but is recorded, and the clock is moved by hand,
 * so a retry's backoff is checked without waiting for it.
 */
export function instantTimers(start = 1_000_000): Timers & { sleeps: number[]; advance: (ms: number) => void } {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    advance: (ms) => {
      now += ms;
    },
    now: () => now,
    random: () => 0.5,
    sleep: (ms, signal) => {
      sleeps.push(ms);
      now += ms;
      return signal.aborted ? Promise.reject(new DOMException('Aborted', 'AbortError')) : Promise.resolve();
    },
  };
}
