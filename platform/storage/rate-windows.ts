// The port a rate limiter counts its windows through: in memory (http/rate-limit.ts) or in the shared database.

/** The two windows of one key, as they stand once a request was counted or refused. */
export interface WindowCounts {
  counted: boolean;
  current: number;
  previous: number;
}

export interface RateWindows {
  /**
   * Counts one request of `key` in window number `window`, unless the previous window's count times
   * `previousWeight` plus this window's would pass `limit`; atomic, so instances never both take the last place.
   */
  spend(key: string, window: number, limit: number, previousWeight: number): Promise<WindowCounts>;
}
