import { describe, expect, it } from 'vitest';
import { SPEC_RATE_LIMITS } from '../config';
import { UsageError } from './args';
import { parseServeOptions } from './serve-options';

describe('serve flags for tokens and rate limits', () => {
  it('defaults to the spec: one-hour tokens and the published per-minute limits', () => {
    const options = parseServeOptions([]);
    expect(options.tokenTtlSeconds).toBe(3600);
    expect(options.rateLimits).toEqual({ authorize: 100, token: 500, revoke: 100, introspect: 500, logout: 500, 'data-management': 100, oss: 500 });
    expect(options.rateLimits).toEqual(SPEC_RATE_LIMITS);
    expect(options.rateLimitWindowSeconds).toBe(60);
  });

  it('takes a short --token-ttl, turns limits off, and overrides single ones', () => {
    expect(parseServeOptions(['--token-ttl', '8']).tokenTtlSeconds).toBe(8);
    expect(Object.values(parseServeOptions(['--rate-limits', 'off']).rateLimits).every((limit) => limit === 0)).toBe(true);
    const mixed = parseServeOptions(['--rate-limit', 'token=5', '--rate-limit', 'authorize=off', '--rate-limit', 'oss=0']).rateLimits;
    expect(mixed).toMatchObject({ token: 5, authorize: 0, oss: 0, revoke: 100 });
    expect(parseServeOptions(['--rate-limits', 'off', '--rate-limit', 'token=2']).rateLimits).toMatchObject({ token: 2, revoke: 0 });
    expect(parseServeOptions(['--rate-limit', 'data-management=20', '--rate-limit-window', '5']).rateLimitWindowSeconds).toBe(5);
  });

  it('refuses what it cannot mean, in words', () => {
    expect(() => parseServeOptions(['--rate-limits', 'lots'])).toThrow(UsageError);
    expect(() => parseServeOptions(['--rate-limit', 'tokens=5'])).toThrow(/NAME one of authorize, token/);
    expect(() => parseServeOptions(['--rate-limit', 'token=-1'])).toThrow(UsageError);
    expect(() => parseServeOptions(['--token-ttl', '0'])).toThrow(UsageError);
    expect(() => parseServeOptions(['--rate-limit-window', '0'])).toThrow(/--rate-limit-window must be a whole number/);
  });
});
