import { useSyncExternalStore } from 'react';

/**
 * Requests waiting for a service's rate limit, for the person to see: which service, and when work
 * resumes. The request budgets and the HTTP layer report each wait; the UI shows the earliest.
 */
export interface RateLimitWait {
  /** The service in words, e.g. "Data Management". */
  service: string;
  /** Epoch milliseconds when the first waiting request goes out again. */
  until: number;
  /** The service refused with 429 (true), or the app held back to stay within its allowance (false). */
  refused: boolean;
}

const waits = new Set<RateLimitWait>();
const listeners = new Set<() => void>();
let current: RateLimitWait | null = null;

/** Reports a wait; call the returned function when it ends (whether it went out or was cancelled). */
export function reportRateLimitWait(wait: RateLimitWait): () => void {
  const entry = { ...wait };
  waits.add(entry);
  update();
  return () => {
    if (waits.delete(entry)) update();
  };
}

function update() {
  let earliest: RateLimitWait | null = null;
  for (const wait of waits) if (!earliest || wait.until < earliest.until) earliest = wait;
  // A new object only when what is shown changes, so React renders once per change.
  if (
    earliest?.until === current?.until &&
    earliest?.service === current?.service &&
    earliest?.refused === current?.refused
  )
    return;
  current = earliest ? { ...earliest } : null;
  for (const listener of listeners) listener();
}

export function currentRateLimitWait(): RateLimitWait | null {
  return current;
}

export function subscribeToRateLimitWaits(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The wait to show now, or null when nothing waits for a rate limit. */
export function useRateLimitWait(): RateLimitWait | null {
  return useSyncExternalStore(subscribeToRateLimitWaits, currentRateLimitWait);
}
