import { describe, expect, it } from 'vitest';
import { formatRelativeTime, formatTimeAgo } from './time';

const now = Date.parse('2026-03-01T12:00:00Z');

describe('formatTimeAgo', () => {
  it('says "just now" for a time ahead of the browser clock, however far, instead of "in 5 seconds"', () => {
    expect(formatRelativeTime(now + 5_000, now, 'en')).toBe('in 5 seconds');
    for (const ahead of [1, 2_000, 5_000, 90_000]) expect(formatTimeAgo(now + ahead, now, 'en')).toBe('just now');
  });

  it('says "just now" for the first seconds, then counts back in the largest unit that fits', () => {
    expect(formatTimeAgo(now, now, 'en')).toBe('just now');
    expect(formatTimeAgo(now - 30_000, now, 'en')).toBe('just now');
    expect(formatTimeAgo(now - 60_000, now, 'en')).toBe('1 minute ago');
    expect(formatTimeAgo(now - 3 * 3_600_000, now, 'en')).toBe('3 hours ago');
    expect(formatTimeAgo(now - 86_400_000, now, 'en')).toBe('yesterday');
  });
});
