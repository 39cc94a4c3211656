import { wait } from '../../lib/wait';

/** Waits and randomness the engine uses, injected so tests step time instead of sleeping. */
export interface Timers {
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  random: () => number;
  now: () => number;
}

export const realTimers: Timers = { sleep: wait, random: Math.random, now: () => Date.now() };

export interface BackoffPolicy {
  retries: number;
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { retries: 5, baseMs: 500, maxMs: 15_000 };

/** "Full jitter" (AWS's advice): a random wait up to an exponentially growing cap, so many clients never retry in step. */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number): number {
  const cap = Math.min(policy.maxMs, policy.baseMs * 2 ** attempt);
  return Math.round(cap / 2 + (random() * cap) / 2);
}

/**
 * Runs `task` until it succeeds, retrying what `retryable` allows with backoff. An abort is never
 * retried: it is the person cancelling.
 */
export async function withRetry<T>(
  task: (attempt: number) => Promise<T>,
  options: {
    policy: BackoffPolicy;
    timers: Timers;
    signal: AbortSignal;
    retryable: (error: unknown) => boolean;
    onRetry?: (error: unknown, attempt: number) => void;
  },
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await task(attempt);
    } catch (error) {
      if (options.signal.aborted || attempt >= options.policy.retries || !options.retryable(error)) throw error;
      options.onRetry?.(error, attempt);
      await options.timers.sleep(backoffDelay(attempt, options.policy, options.timers.random), options.signal);
    }
  }
}
