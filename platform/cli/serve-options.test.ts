import { describe, expect, it } from 'vitest';
import { SPEC_RATE_LIMITS } from '../config';
import { UsageError } from './args';
import { parseServeOptions } from './serve-options';

describe('serve flags for tokens and rate limits', () => {
  it('defaults to the spec: one-hour tokens and the published per-minute limits', () => {
    const options = parseServeOptions([]);
    expect(options.tokenTtlSeconds).toBe(3600);
    expect(options.rateLimits).toEqual({
      authorize: 100,
      token: 500,
      revoke: 100,
      introspect: 500,
      logout: 500,
      'data-management': 100,
      oss: 500,
      'design-automation': 100,
      'design-automation-status': 150,
      webhooks: 300,
      'webhooks-create': 50,
    });
    expect(options.rateLimits).toEqual(SPEC_RATE_LIMITS);
    expect(options.rateLimitWindowSeconds).toBe(60);
  });

  it('takes a short --token-ttl, turns limits off, and overrides single ones', () => {
    expect(parseServeOptions(['--token-ttl', '8']).tokenTtlSeconds).toBe(8);
    expect(Object.values(parseServeOptions(['--rate-limits', 'off']).rateLimits).every((limit) => limit === 0)).toBe(
      true,
    );
    const mixed = parseServeOptions([
      '--rate-limit',
      'token=5',
      '--rate-limit',
      'authorize=off',
      '--rate-limit',
      'oss=0',
    ]).rateLimits;
    expect(mixed).toMatchObject({ token: 5, authorize: 0, oss: 0, revoke: 100 });
    expect(parseServeOptions(['--rate-limits', 'off', '--rate-limit', 'token=2']).rateLimits).toMatchObject({
      token: 2,
      revoke: 0,
    });
    expect(
      parseServeOptions(['--rate-limit', 'data-management=20', '--rate-limit-window', '5']).rateLimitWindowSeconds,
    ).toBe(5);
  });

  it('refuses what it cannot mean, in words', () => {
    expect(() => parseServeOptions(['--rate-limits', 'lots'])).toThrow(UsageError);
    expect(() => parseServeOptions(['--rate-limit', 'tokens=5'])).toThrow(/NAME one of authorize, token/);
    expect(() => parseServeOptions(['--rate-limit', 'token=-1'])).toThrow(UsageError);
    expect(() => parseServeOptions(['--token-ttl', '0'])).toThrow(UsageError);
    expect(() => parseServeOptions(['--rate-limit-window', '0'])).toThrow(/--rate-limit-window must be a whole number/);
  });

  it('takes Design Automation workers and the hosts a workitem may reach', () => {
    expect(parseServeOptions([]).automation).toEqual({ workers: 2, allowHosts: [] });
    const options = parseServeOptions([
      '--automation-workers',
      '4',
      '--automation-allow-host',
      'Files.Example.com',
      '--automation-allow-host',
      'hooks.test:8443',
      '--automation-allow-host',
      '*',
    ]);
    expect(options.automation).toEqual({ workers: 4, allowHosts: ['files.example.com', 'hooks.test:8443', '*'] });
    expect(parseServeOptions(['--rate-limit', 'design-automation-status=10']).rateLimits).toMatchObject({
      'design-automation-status': 10,
      'design-automation': 100,
    });
    expect(() => parseServeOptions(['--automation-allow-host', 'http://x.test/'])).toThrow(UsageError);
    expect(() => parseServeOptions(['--automation-workers', '0'])).toThrow(UsageError);
  });
});
