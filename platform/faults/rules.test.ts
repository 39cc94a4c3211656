import { describe, expect, it } from 'vitest';
import { FaultRuleError, parseFaultFlag, parseFaultRule, parseFaultSeed } from './rules';

describe('the --fault flag form', () => {
  it('reads service, method and path as words, in any order, and the rest as key=value', () => {
    expect(parseFaultFlag('oss PUT /oss/v2/buckets/*/objects/* status=503 times=2')).toEqual({
      service: 'oss',
      method: 'PUT',
      path: '/oss/v2/buckets/*/objects/*',
      status: 503,
      times: 2,
    });
    expect(parseFaultFlag('status=429 retryAfter=7 /modelderivative/** GET')).toMatchObject({
      service: 'any',
      method: 'GET',
      path: '/modelderivative/**',
      status: 429,
      retryAfter: 7,
    });
  });

  it('defaults to every request, and takes the key=value form alone too', () => {
    expect(parseFaultFlag('latencyMs=250 share=0.5')).toEqual({
      service: 'any',
      method: 'ANY',
      path: '/**',
      latencyMs: 250,
      share: 0.5,
    });
    expect(parseFaultFlag('service=data-management method=get path=/data/** app=abc cutAfterBytes=100')).toEqual({
      service: 'data-management',
      method: 'GET',
      path: '/data/**',
      app: 'abc',
      cutAfterBytes: 100,
    });
    expect(parseFaultFlag('any any status=500')).toMatchObject({ service: 'any', method: 'ANY' });
  });

  it.each([
    ['oss PUT', /needs an action/],
    ['status=503 cutAfterBytes=10', /exclude each other/],
    ['status=302', /status must be a 4xx or 5xx/],
    ['retryAfter=5 latencyMs=1', /retryAfter goes with a status/],
    ['status=503 share=2', /share/],
    ['status=503 times=0', /times/],
    ['status=abc', /status/],
    ['status=503 colour=red', /unknown key "colour"/],
    ['status=503 oss2', /cannot read "oss2"/],
    ['status=503 status=500', /status is given twice/],
  ])('refuses %j with words', (flag, words) => {
    expect(() => parseFaultFlag(flag)).toThrow(FaultRuleError);
    expect(() => parseFaultFlag(flag)).toThrow(words);
  });
});

describe('the JSON form', () => {
  it('takes the same fields and refuses unknown ones', () => {
    expect(parseFaultRule({ service: 'oss', status: 504 })).toMatchObject({ service: 'oss', status: 504 });
    expect(() => parseFaultRule({ status: 500, stauts: 1 })).toThrow(/stauts/);
    expect(() => parseFaultRule({ service: 'ftp', status: 500 })).toThrow(/service/);
  });

  it('reads a seed file as an array or under "faults", naming the rule that is wrong', () => {
    expect(parseFaultSeed('[{"status":500}]')).toHaveLength(1);
    expect(parseFaultSeed('{"faults":[{"status":500},{"latencyMs":5}]}')).toHaveLength(2);
    expect(() => parseFaultSeed('{"faults":[{"status":500},{"times":5}]}')).toThrow(/Fault 2 of the seed/);
    expect(() => parseFaultSeed('{"status":500}')).toThrow(/array of rules/);
    expect(() => parseFaultSeed('{')).toThrow(/not JSON/);
  });
});
