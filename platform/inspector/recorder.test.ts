import { describe, expect, it } from 'vitest';
import { createRecorder, type NewRecord } from './recorder';

let sequence = 0;
function record(overrides: Partial<NewRecord> = {}, bodyText: string | null = null): NewRecord {
  sequence += 1;
  const body = { contentType: 'application/json', size: bodyText?.length ?? 0, text: bodyText, truncated: false };
  return {
    requestId: `req-${sequence}`,
    startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, sequence)).toISOString(),
    method: 'GET',
    path: '/oss/v2/buckets',
    url: 'http://127.0.0.1/oss/v2/buckets',
    service: 'oss',
    status: 200,
    durationMs: 1,
    app: 'app-1',
    user: null,
    requestSize: null,
    responseSize: null,
    request: { headers: [], body },
    response: { headers: [], body },
    ...overrides,
  };
}

describe('the recorder', () => {
  it('keeps the last maxEntries requests', () => {
    const recorder = createRecorder({ maxEntries: 3 });
    for (let index = 0; index < 5; index += 1) recorder.record(record());
    expect(recorder.list().map((entry) => entry.id)).toEqual([5, 4, 3]);
    expect(recorder.get('1')).toBeUndefined();
  });

  it('drops the oldest to stay within maxBytes, whatever their count', () => {
    const recorder = createRecorder({ maxEntries: 1_000, maxBytes: 50_000 });
    for (let index = 0; index < 20; index += 1) recorder.record(record({}, 'x'.repeat(8_000)));
    const { entries, bytes } = recorder.usage();
    expect(bytes).toBeLessThanOrEqual(50_000);
    expect(entries).toBeLessThan(20);
    expect(recorder.list()[0]?.id).toBe(20);
  });

  it('does not empty itself for one request larger than the whole budget', () => {
    const recorder = createRecorder({ maxBytes: 10_000 });
    recorder.record(record());
    recorder.record(record({}, 'x'.repeat(20_000)));
    expect(recorder.usage().entries).toBe(1);
  });

  it('filters by service, status, status class, app and since, newest first', () => {
    const recorder = createRecorder();
    recorder.record(record({ service: 'oss', status: 200, app: 'a' }));
    recorder.record(record({ service: 'data-management', status: 404, app: 'b' }));
    recorder.record(record({ service: 'oss', status: 503, app: 'b' }));
    const ids = (filters: Parameters<typeof recorder.list>[0]) => recorder.list(filters).map((entry) => entry.id);
    expect(ids({ service: 'oss' })).toEqual([3, 1]);
    expect(ids({ status: '404' })).toEqual([2]);
    expect(ids({ status: '5xx' })).toEqual([3]);
    expect(ids({ app: 'b', status: '4xx' })).toEqual([2]);
    expect(ids({ since: '1' })).toEqual([3, 2]);
    expect(ids({ since: recorder.get('2')!.startedAt })).toEqual([3]);
    expect(ids({ limit: 1 })).toEqual([3]);
  });

  it('finds a request by its x-request-id, and keeps counting ids after a clear', () => {
    const recorder = createRecorder();
    const first = recorder.record(record());
    expect(recorder.get(first.requestId)?.id).toBe(first.id);
    recorder.clear();
    expect(recorder.list()).toEqual([]);
    expect(recorder.record(record()).id).toBe(first.id + 1);
    expect(recorder.latestId()).toBe(first.id + 1);
    expect(recorder.clearedThrough()).toBe(first.id);
  });
});
