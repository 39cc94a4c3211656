import { wait } from '../lib/wait';
import { reportRateLimitWait, type RateLimitWait } from './rate-limit-status';

/**
 * A client-side allowance of requests per window for one service. The platform answers 429 once an
 * app passes its limit (Data Management: 100 a minute), and every tab of the app shares that app's
 * allowance; spending a little less than the limit here keeps scrolling and clicking from ever meeting
 * the 429 and its Retry-After pause, while bursts up to the allowance still go out at once.
 */
export interface RequestBudget {
  /** Resolves when one more request fits, and counts it; rejects if `signal` aborts while waiting. */
  acquire(signal: AbortSignal): Promise<void>;
  /**
   * The platform said wait (a 429's Retry-After): nothing of this service goes out before then, and
   * after it requests go one at a time, spaced out, until a window has passed. `sentAt` is when the
   * refused request went out: refusals of one burst count once.
   */
  pause(seconds: number, sentAt?: number): void;
  /** Requests that could go out right now without waiting. */
  remaining(): number;
}

export interface BudgetOptions {
  limit: number;
  windowMs: number;
  /** The service in words, for the person told why work waits. */
  service?: string;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  report?: (wait: RateLimitWait) => () => void;
}

/** Shorter waits are not worth a word: they pass before anyone could read one. */
const REPORTED_WAIT_MS = 1_000;

export function createRequestBudget({
  limit,
  windowMs,
  service = 'the platform',
  now = Date.now,
  sleep = wait,
  report = reportRateLimitWait,
}: BudgetOptions): RequestBudget {
  /** Start times of the requests in the current window, oldest first. */
  const starts: number[] = [];
  let pausedSince = 0;
  let pausedUntil = 0;
  // After a refusal the platform's own count is unknown: space requests out rather than burst again.
  let pacedUntil = 0;
  let spacing = 0;

  const forget = (at: number) => {
    while (starts.length > 0 && (starts[0] ?? 0) <= at - windowMs) starts.shift();
  };
  /** How long the next request waits, and whether for the service's refusal (pause, spacing) or the allowance. */
  const delayAt = (at: number) => {
    const full = starts.length < limit ? 0 : (starts[0] ?? at) + windowMs - at;
    const paced = at < pacedUntil ? (starts[starts.length - 1] ?? 0) + spacing - at : 0;
    const refusal = Math.max(pausedUntil - at, paced);
    return { delay: Math.max(refusal, full), refused: refusal >= full };
  };

  return {
    async acquire(signal) {
      for (;;) {
        const at = now();
        forget(at);
        const { delay, refused } = delayAt(at);
        if (delay <= 0) {
          starts.push(at);
          return;
        }
        const ended = delay >= REPORTED_WAIT_MS ? report({ service, until: at + delay, refused }) : null;
        try {
          await sleep(delay, signal);
        } finally {
          ended?.();
        }
      }
    },
    pause(seconds, sentAt = now()) {
      const at = now();
      // A refusal of a request sent while already pacing means the spacing is still too tight.
      spacing = at < pacedUntil && sentAt > pausedSince ? Math.min(spacing * 2, windowMs / 2) : windowMs / limit;
      pausedSince = at;
      pausedUntil = Math.max(pausedUntil, at + seconds * 1000);
      pacedUntil = pausedUntil + windowMs;
    },
    remaining() {
      const at = now();
      forget(at);
      return at < pausedUntil ? 0 : limit - starts.length;
    },
  };
}

/** Which budget a URL spends, if any. */
export type BudgetFor = (url: URL) => RequestBudget | null;

/** Data Management's published limit is 100 a minute per app; 90 leaves room for another tab's burst. */
export const DATA_MANAGEMENT_BUDGET_PER_MINUTE = 90;

const DATA_MANAGEMENT_PATH = /^\/+(project|data)\/v1\//;

/** The app's budgets: one per rate-limited service, shared by every request to it from this page. */
export function createDefaultBudgets(options: Partial<BudgetOptions> = {}): BudgetFor {
  const dataManagement = createRequestBudget({
    limit: DATA_MANAGEMENT_BUDGET_PER_MINUTE,
    windowMs: 60_000,
    service: 'Data Management',
    ...options,
  });
  return (url) => (DATA_MANAGEMENT_PATH.test(url.pathname) ? dataManagement : null);
}
