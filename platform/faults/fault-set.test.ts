import { describe, expect, it } from 'vitest';
import { FaultSet, globPattern, serviceOfPath } from './fault-set';

const request = (method: string, path: string, app?: string) => ({ method, path, app });
/** A random source that returns the given values in turn. */
const sequence = (...values: number[]) => {
  let index = 0;
  return () => values[index++ % values.length]!;
};

describe('matching', () => {
  it('knows each service by the prefix it is mounted at', () => {
    expect(serviceOfPath('/authentication/v2/token')).toBe('authentication');
    expect(serviceOfPath('/userinfo')).toBe('authentication');
    expect(serviceOfPath('/oss/v2/buckets')).toBe('oss');
    expect(serviceOfPath('/data/v1/projects/p/items/i')).toBe('data-management');
    expect(serviceOfPath('/project/v1/hubs')).toBe('data-management');
    expect(serviceOfPath('/modelderivative/v2/designdata/job')).toBe('model-derivative');
    expect(serviceOfPath('/da/us-east/v3/workitems')).toBe('design-automation');
    expect(serviceOfPath('/userprofile/v1/users/@me')).toBe('user-profile');
    expect(serviceOfPath('/webhooks/v1/hooks')).toBe('webhooks');
    expect(serviceOfPath('/health')).toBeUndefined();
  });

  it('reads * as one segment or part of one and ** as any depth', () => {
    const objects = globPattern('/oss/v2/buckets/*/objects/*');
    expect(objects.test('/oss/v2/buckets/b1/objects/a%20b.rvt')).toBe(true);
    expect(objects.test('/oss/v2/buckets/b1/objects/a/b')).toBe(false);
    expect(globPattern('/oss/**').test('/oss/v2/buckets/b/objects/o/signeds3upload')).toBe(true);
    expect(globPattern('/oss/**/signeds3upload').test('/oss/signeds3upload')).toBe(true);
    expect(globPattern('/oss/v2/*.json').test('/oss/v2/a.json')).toBe(true);
    expect(globPattern('/oss/v2/*.json').test('/oss/v2/ajson')).toBe(false);
  });

  it('fires only on the service, method, path and app it names', () => {
    const faults = new FaultSet([
      { service: 'oss', method: 'PUT', path: '/oss/v2/buckets/*/objects/*', app: 'app-a', status: 503 },
    ]);
    expect(faults.take(request('PUT', '/oss/v2/buckets/b/objects/o', 'app-b'))).toBeUndefined();
    expect(faults.take(request('GET', '/oss/v2/buckets/b/objects/o', 'app-a'))).toBeUndefined();
    expect(faults.take(request('PUT', '/oss/v2/buckets/b/objects/o/x', 'app-a'))).toBeUndefined();
    expect(faults.take(request('put', '/oss/v2/buckets/b/objects/o', 'app-a'))).toMatchObject({
      status: { code: 503, ruleId: 'fault-1' },
    });
    const anyService = new FaultSet([{ service: 'model-derivative', status: 500 }]);
    expect(anyService.take(request('GET', '/oss/v2/buckets'))).toBeUndefined();
    expect(anyService.take(request('GET', '/modelderivative/v2/designdata/u/manifest'))).toBeDefined();
  });
});

describe('how often a rule fires', () => {
  it('fires on the next N matches only, then stays listed with its count', () => {
    const faults = new FaultSet([{ status: 503, times: 2 }]);
    const fired = [1, 2, 3].map(() => faults.take(request('GET', '/oss/v2/buckets')) !== undefined);
    expect(fired).toEqual([true, true, false]);
    expect(faults.list()).toMatchObject([{ id: 'fault-1', fired: 2, times: 2 }]);
  });

  it('fires on a share of matches, as the random source decides', () => {
    const faults = new FaultSet([{ status: 500, share: 0.25 }], { random: sequence(0.1, 0.5, 0.24, 0.25) });
    const fired = [1, 2, 3, 4].map(() => faults.take(request('GET', '/oss/v2/buckets')) !== undefined);
    expect(fired).toEqual([true, false, true, false]);
    expect(faults.find('fault-1')?.fired).toBe(2);
  });

  it('adds latencies up; the first rule that answers wins and a later one keeps its times', () => {
    const faults = new FaultSet([{ latencyMs: 100 }, { status: 503, times: 1 }, { status: 500, times: 1 }]);
    expect(faults.take(request('GET', '/oss/v2/buckets'))).toEqual({
      ruleIds: ['fault-1', 'fault-2'],
      latencyMs: 100,
      status: { code: 503, retryAfter: undefined, ruleId: 'fault-2' },
    });
    expect(faults.take(request('GET', '/oss/v2/buckets'))?.status?.code).toBe(500);
    expect(faults.list().map((rule) => rule.fired)).toEqual([2, 1, 1]);
  });

  it('lists, removes by id and clears', () => {
    const faults = new FaultSet();
    expect(faults.take(request('GET', '/'))).toBeUndefined();
    const first = faults.add({ status: 500 });
    faults.add({ latencyMs: 5 });
    expect(faults.list().map((rule) => rule.id)).toEqual(['fault-1', 'fault-2']);
    expect(faults.remove(first.id)).toBe(true);
    expect(faults.remove(first.id)).toBe(false);
    expect(faults.list().map((rule) => rule.id)).toEqual(['fault-2']);
    faults.clear();
    expect(faults.size).toBe(0);
    expect(faults.add({ status: 500 }).id).toBe('fault-3');
  });
});
