import type { Context, MiddlewareHandler } from 'hono';
import type { Clock } from '../clock';
import type { RateWindows, WindowCounts } from '../storage/rate-windows';
import type { HttpError } from './errors';

export type { RateWindows, WindowCounts };

export interface RateLimitOptions {
  /** Requests allowed per window for one key; 0 turns the limit off. */
  limit: number;
  windowSeconds: number;
  clock: Clock;
  /** Whose budget a request spends: usually the app (client id), else the caller's address. */
  key: (c: Context) => string | Promise<string>;
  /** The service's own 429 body; `retryAfter` is in whole seconds. */
  error: (retryAfter: number) => HttpError;
  /**
   * Where the windows are counted: this process's memory unless given (one platform), or the shared
   * database when several instances serve one deployment. `name` keeps limiters apart there.
   */
  windows?: { store: RateWindows; name: string } | undefined;
}

/** How a limit's window reads in an error message: "a minute" as published, else the test's window. */
export const perWindow = (seconds: number) => (seconds === 60 ? 'a minute' : `every ${seconds} seconds`);

/**
 * A sliding-window limiter (two fixed windows, weighted), answering 429 with `Retry-After`. A
 * refused request is rejected before its handler runs, so it changes nothing.
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  const windowMs = options.windowSeconds * 1000;
  const store = options.windows?.store ?? memoryRateWindows();
  const prefix = options.windows ? `${options.windows.name}:` : '';
  return async (c, next) => {
    if (options.limit <= 0) return next();
    const now = options.clock.now().getTime();
    const window = Math.floor(now / windowMs);
    const elapsed = (now - window * windowMs) / windowMs;
    const counts = await store.spend(prefix + (await options.key(c)), window, options.limit + EPSILON, 1 - elapsed);
    if (!counts.counted) {
      const retryAfter = Math.max(1, Math.ceil((untilRoom(counts, options.limit, elapsed) * windowMs) / 1000 - 1e-6));
      const error = options.error(retryAfter);
      error.headers['Retry-After'] = String(retryAfter);
      throw error;
    }
    await next();
  };
}

/** One process's windows, in memory: the single-machine platform's, and every test's. */
export function memoryRateWindows(): RateWindows {
  const counts = new Map<string, { window: number; current: number; previous: number }>();
  return {
    spend(key, window, limit, previousWeight) {
      let entry = counts.get(key);
      if (!entry || entry.window < window - 1) entry = { window, current: 0, previous: 0 };
      else if (entry.window === window - 1) entry = { window, current: 0, previous: entry.current };
      const counted = entry.previous * previousWeight + entry.current + 1 <= limit;
      if (counted) entry.current += 1;
      counts.set(key, entry);
      if (counts.size > 10_000) sweep(counts, window);
      return Promise.resolve({ counted, current: entry.current, previous: entry.previous });
    },
  };
}

// Floating-point dust must neither fail a request that lands exactly on its Retry-After nor add a second to it.
const EPSILON = 1e-9;

/**
 * How long, in windows, until one more request fits the weighted estimate: a client that waits
 * `Retry-After` must get through, not meet another 429.
 */
function untilRoom(entry: { current: number; previous: number }, limit: number, elapsed: number): number {
  const room = limit - 1;
  if (entry.current <= room) {
    // Still in this window: the previous window's weight has to fade far enough.
    return entry.previous > 0 ? Math.max(0, 1 - (room - entry.current) / entry.previous - elapsed) : 0;
  }
  // Not before the next window, where this window's count becomes the one that fades.
  return 1 - elapsed + Math.max(0, 1 - room / entry.current);
}

function sweep(counts: Map<string, { window: number }>, window: number) {
  for (const [key, entry] of counts) if (entry.window < window - 1) counts.delete(key);
}
