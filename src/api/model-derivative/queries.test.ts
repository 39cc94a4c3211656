import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../testing/fetch-mock';
import { createTestQueryClient } from '../../testing/render';
import { PROPERTIES, serveMd, URN, VIEW_GUID } from '../../testing/md-fixtures';
import { mdMutations } from './mutations';
import { extractingDelay, isEnded, mdQueries, pollDelay } from './queries';
import { getMetadata, getProperties, getThumbnail, startJob } from './requests';

const signal = new AbortController().signal;

afterEach(() => vi.useRealTimers());

describe('mdQueries keys', () => {
  it('go from generic to specific, so one design or one view is invalidated at once', () => {
    expect(mdQueries.formats().queryKey).toEqual(['md', 'formats']);
    expect(mdQueries.manifest('u').queryKey).toEqual(['md', 'model', { urn: 'u' }, 'manifest']);
    expect(mdQueries.objectTree('u', 'g').queryKey).toEqual([
      'md',
      'model',
      { urn: 'u' },
      'view',
      { guid: 'g' },
      'tree',
    ]);
    expect(mdQueries.properties('u', 'g', 7).queryKey).toEqual([
      'md',
      'model',
      { urn: 'u' },
      'view',
      { guid: 'g' },
      'properties',
      { objectid: 7 },
    ]);
    expect(mdQueries.thumbnail('u', 400).queryKey).toEqual(['md', 'model', { urn: 'u' }, 'thumbnail', { width: 400 }]);
    expect(mdQueries.signedDownload('u', 'd').queryKey.slice(0, 3)).toEqual(mdQueries.modelScope('u'));
  });

  it('the writes make everything of their design stale, and nothing of another', () => {
    expect(mdMutations.startJob('u').meta?.['invalidates']).toEqual([['md', 'model', { urn: 'u' }]]);
    expect(mdMutations.deleteManifest('u').meta?.['invalidates']).toEqual([['md', 'model', { urn: 'u' }]]);
  });
});

describe('pollDelay', () => {
  const asksUntil = (toMs: number) => {
    const asks: number[] = [];
    for (let at = 0; at < toMs; at += pollDelay(at)) asks.push(at);
    return asks;
  };

  it('asks quickly in a job’s first seconds, then every 1.5 s, then a tenth of the time waited, never more than every 10 s', () => {
    expect([0, 100, 1_000, 3_000, 14_000, 30_000, 100_000, 3_600_000].map(pollDelay)).toEqual([
      250, 250, 500, 1_500, 1_500, 3_000, 10_000, 10_000,
    ]);
    expect(asksUntil(3_000)).toEqual([0, 250, 500, 750, 1_125, 1_688, 2_532]);
  });

  it('sees a job that ends in its first 3 s within half the time it ran (a quarter-second at least), and any within 1.5 s until 15 s', () => {
    const seenAfter = (endMs: number) => asksUntil(endMs + 20_000).find((at) => at >= endMs)! - endMs;
    expect(seenAfter(40)).toBe(210);
    for (let endMs = 0; endMs <= 3_000; endMs += 10)
      expect(seenAfter(endMs)).toBeLessThanOrEqual(Math.max(250, endMs / 2));
    expect(Math.max(...Array.from({ length: 150 }, (_, index) => seenAfter(index * 100)))).toBeLessThanOrEqual(1_500);
  });

  it('costs far fewer requests in a long job’s later minutes than in its first', () => {
    const asksIn = (fromMs: number, toMs: number) => asksUntil(toMs).filter((at) => at >= fromMs).length;
    expect(asksIn(0, 60_000)).toBeLessThan(35);
    expect(asksIn(300_000, 360_000)).toBe(6);
  });
});

describe('extractingDelay and isEnded', () => {
  it('doubles from half a second up to 5 s', () => {
    expect([1, 2, 3, 4, 5, 10].map(extractingDelay)).toEqual([500, 1_000, 2_000, 4_000, 5_000, 5_000]);
  });
  it('ends on success, failed and timeout only', () => {
    expect(
      ['pending', 'inprogress', 'success', 'failed', 'timeout', undefined].map((status) => isEnded(status as never)),
    ).toEqual([false, false, true, true, true, false]);
  });
});

describe('requests', () => {
  it('startJob sends x-ads-force only when asked to translate again', async () => {
    const mock = serveMd(() =>
      jsonResponse({ result: 'created', urn: URN, acceptedJobs: { output: { formats: [] } } }),
    );
    const payload = { input: { urn: URN }, output: { formats: [{ type: 'obj' as const }] } };
    await startJob(payload, false, signal);
    await startJob(payload, true, signal);
    expect(mock.calls.map((call) => [call.method, call.url.pathname, call.headers.get('x-ads-force')])).toEqual([
      ['POST', '/modelderivative/v2/designdata/job', null],
      ['POST', '/modelderivative/v2/designdata/job', 'true'],
    ]);
    expect(JSON.parse(mock.calls[0]?.body ?? '{}')).toEqual(payload);
  });

  it('a 202 is "still extracting", not data and not an error', async () => {
    const mock = serveMd(() => jsonResponse({ result: 'success' }, { status: 202 }));
    await expect(getProperties(URN, VIEW_GUID, 3, signal)).resolves.toEqual({ state: 'extracting' });
    expect(mock.calls[0]?.url.pathname).toBe(`/modelderivative/v2/designdata/${URN}/metadata/${VIEW_GUID}/properties`);
    expect(mock.calls[0]?.url.searchParams.get('objectid')).toBe('3');
  });

  it('the views are "still extracting" too while a translation remakes them', async () => {
    serveMd(() => jsonResponse({ result: 'success' }, { status: 202 }));
    await expect(getMetadata(URN, signal)).resolves.toEqual({ state: 'extracting' });
    serveMd(() =>
      jsonResponse({ data: { type: 'metadata', metadata: [{ name: '3D', role: '3d', guid: VIEW_GUID }] } }),
    );
    await expect(getMetadata(URN, signal)).resolves.toMatchObject({
      state: 'ready',
      data: { data: { metadata: [{ guid: VIEW_GUID }] } },
    });
  });

  it('a thumbnail that does not exist is null; other failures are errors', async () => {
    serveMd(() => jsonResponse({ diagnostic: 'No thumbnail' }, { status: 404 }));
    await expect(getThumbnail(URN, 200, signal)).resolves.toBeNull();
    serveMd(() => jsonResponse({ diagnostic: 'Forbidden' }, { status: 403 }));
    await expect(getThumbnail(URN, 200, signal)).rejects.toMatchObject({ status: 403 });
  });
});

describe('properties query while extracting', () => {
  it('asks again with backoff until the platform has the data, then stops', async () => {
    vi.useFakeTimers();
    let answers = 0;
    const mock = serveMd(() => {
      answers += 1;
      return answers < 3
        ? jsonResponse({ result: 'success' }, { status: 202 })
        : jsonResponse({ data: { type: 'properties', collection: PROPERTIES } });
    });
    const queryClient = createTestQueryClient();
    const observer = new QueryObserver(queryClient, mdQueries.properties(URN, VIEW_GUID));
    const seen: string[] = [];
    const unsubscribe = observer.subscribe((result) => result.data && seen.push(result.data.state));
    await vi.advanceTimersByTimeAsync(0);
    expect(mock.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(mock.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(mock.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(mock.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(mock.calls).toHaveLength(3);
    expect(seen.at(-1)).toBe('ready');
    expect(seen[0]).toBe('extracting');
    unsubscribe();
  });
});
