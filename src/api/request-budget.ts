import { wait } from '../lib/wait';

/**
 * A client-side allowance of requests per window for one service. The platform answers 429 once an
 * app passes its limit (Data Management: 100 a minute), and every tab of the app shares that app's
 * allowance; spending a little less than the limit here keeps scrolling and clicking from ever meeting
 * the 429 and its Retry-After pause, while bursts up to the allowance still go out at once.
 */
export interface RequestBudget {
  /** Resolves when one more request fits, and counts it; rejects if `signal` aborts while waiting. */
  acquire(signal: AbortSignal): Promise<void>;
  /** The platform said wait (a 429's Retry-After): nothing of this service goes out before then. */
  pause(seconds: number): void;
  /** Requests that could go out right now without waiting. */
  remaining(): number;
}

export interface BudgetOptions {
  limit: number;
  windowMs: number;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export function createRequestBudget({ limit, windowMs, now = Date.now, sleep = wait }: BudgetOptions): RequestBudget {
  /** Start times of the requests in the current window, oldest first. */
  const starts: number[] = [];
  let pausedUntil = 0;

  const forget = (at: number) => {
    while (starts.length > 0 && (starts[0] ?? 0) <= at - windowMs) starts.shift();
  };

  return {
    async acquire(signal) {
      for (;;) {
        const at = now();
        forget(at);
        const delay = Math.max(pausedUntil - at, starts.length < limit ? 0 : (starts[0] ?? at) + windowMs - at);
        if (delay <= 0) {
          starts.push(at);
          return;
        }
        await sleep(delay, signal);
      }
    },
    pause(seconds) {
      pausedUntil = Math.max(pausedUntil, now() + seconds * 1000);
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
  const dataManagement = createRequestBudget({ limit: DATA_MANAGEMENT_BUDGET_PER_MINUTE, windowMs: 60_000, ...options });
  return (url) => (DATA_MANAGEMENT_PATH.test(url.pathname) ? dataManagement : null);
}
