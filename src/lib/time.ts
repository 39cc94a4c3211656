import { useEffect, useState } from 'react';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
];

// Building an Intl formatter costs far more than using one, and long lists format hundreds of dates.
const formatters = new Map<string, Intl.RelativeTimeFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.RelativeTimeFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter;
}

/** "in 58 minutes", "3 hours ago": the largest unit that fits, as people say it. */
export function formatRelativeTime(target: number, now: number, locale?: string): string {
  const format = cached(`relative:${locale ?? ''}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  const delta = target - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(delta) >= size || unit === 'second') return format.format(Math.round(delta / size), unit);
  }
  return format.format(0, 'second');
}

/** Within this of now (either side), a past event is "just now": seconds are noise in a file list. */
const JUST_NOW_MS = 45_000;

/**
 * When something happened, for lists ("3 minutes ago"). Never in the future: a server clock a little
 * ahead of the browser's, or a `now` a tick old, would otherwise say "in 5 seconds" for a fresh upload.
 */
export function formatTimeAgo(target: number, now: number, locale?: string): string {
  // The app's words are English; Intl's own "now" would be the only other word in the list.
  if (target > now - JUST_NOW_MS) return 'just now';
  return formatRelativeTime(target, now, locale);
}

export function formatDateTime(timestamp: number, locale?: string): string {
  return cached(
    `date-time:${locale ?? ''}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(timestamp);
}

/** The current time, refreshed every `intervalMs`, for labels such as "expires in 5 minutes". */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
