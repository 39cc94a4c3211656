import type { RateWindows, WindowCounts } from '../rate-windows';
import type { Db } from '../db/db';

/**
 * Rate-limit windows in the shared database, for instances serving one deployment together. One
 * statement counts the request only if the weighted estimate leaves room: the row lock of
 * `ON CONFLICT DO UPDATE` re-checks against the latest count, so two instances never both take the
 * last place. A key's first request in a window clears its windows older than the previous one.
 */
export function sharedRateWindows(db: Db): RateWindows {
  return {
    async spend(key, window, limit, previousWeight): Promise<WindowCounts> {
      const [spent] = await db.query<{ current: number; previous: number }>(
        `WITH previous AS (
           SELECT coalesce((SELECT count FROM rate_limit_windows WHERE key = $1 AND window_index = $2 - 1), 0) AS count)
         INSERT INTO rate_limit_windows AS w (key, window_index, count)
         SELECT $1, $2, 1 FROM previous WHERE previous.count * $3::float8 + 1 <= $4::float8
         ON CONFLICT (key, window_index) DO UPDATE SET count = w.count + 1
           WHERE w.count + 1 + (SELECT count FROM previous) * $3::float8 <= $4::float8
         RETURNING w.count AS current, (SELECT count FROM previous) AS previous`,
        [key, window, previousWeight, limit],
      );
      if (spent) {
        if (spent.current === 1)
          await db.query('DELETE FROM rate_limit_windows WHERE key = $1 AND window_index < $2 - 1', [key, window]);
        return { counted: true, ...spent };
      }
      const [row] = await db.query<{ current: number; previous: number }>(
        `SELECT coalesce(sum(count) FILTER (WHERE window_index = $2), 0)::integer AS current,
                coalesce(sum(count) FILTER (WHERE window_index = $2 - 1), 0)::integer AS previous
         FROM rate_limit_windows WHERE key = $1 AND window_index IN ($2, $2 - 1)`,
        [key, window],
      );
      return { counted: false, current: row?.current ?? 0, previous: row?.previous ?? 0 };
    },
  };
}
