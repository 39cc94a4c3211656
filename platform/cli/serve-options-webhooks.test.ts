import { describe, expect, it } from 'vitest';
import { UsageError } from './args';
import { parseServeOptions } from './serve-options';

describe('serve --webhook-retry-delays', () => {
  it('leaves the cloud schedule in place unless given', () => {
    expect(parseServeOptions([]).webhookRetryDelaysSeconds).toBeUndefined();
  });

  it('takes whole seconds separated by commas, or none for a single attempt', () => {
    expect(parseServeOptions(['--webhook-retry-delays', '1,5, 30']).webhookRetryDelaysSeconds).toEqual([1, 5, 30]);
    expect(parseServeOptions(['--webhook-retry-delays', '0']).webhookRetryDelaysSeconds).toEqual([0]);
    expect(parseServeOptions(['--webhook-retry-delays', 'none']).webhookRetryDelaysSeconds).toEqual([]);
  });

  it.each(['', '1,,2', '1.5', '-1', '5s', Array(21).fill('1').join(',')])('refuses %j with a usage error', (value) => {
    const parse = () => parseServeOptions([`--webhook-retry-delays=${value}`]);
    expect(parse).toThrow(UsageError);
    expect(parse).toThrow(/--webhook-retry-delays must be/);
  });
});
