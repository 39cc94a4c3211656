import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TranslationStatus } from '../../../contracts/model-derivative';
import { mdQueries } from '../../api/model-derivative/queries';
import { toastStore, useToasts } from '../../components/ui/toast-store';
import { jsonResponse } from '../../testing/fetch-mock';
import { manifest, obj, serveMd, svf2, URN } from '../../testing/md-fixtures';
import { createTestQueryClient } from '../../testing/render';
import { jobStore } from './job-store';
import { JobWatchers } from './job-watcher';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const manifestCalls = (calls: { url: URL }[]) => calls.filter((call) => call.url.pathname.endsWith('/manifest')).length;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  jobStore.setState({ jobs: [] });
  toastStore.setState({ toasts: [] });
});
afterEach(() => vi.useRealTimers());

/** The notifications, as text: the app's toaster draws them from the same store. */
function ToastProbe() {
  return (
    <ul aria-label="Toasts">
      {useToasts().map((toast) => (
        <li key={toast.id}>{`${toast.tone}: ${toast.title} — ${toast.message ?? ''}`}</li>
      ))}
    </ul>
  );
}

function watch(queryClient = createTestQueryClient(), pageStartedAt?: number) {
  return render(
    <QueryClientProvider client={queryClient}>
      <JobWatchers {...(pageStartedAt === undefined ? {} : { pageStartedAt })} />
      <ToastProbe />
    </QueryClientProvider>,
  );
}

describe('JobWatchers', () => {
  it('follows a running job every 1.5 s, ends it on success with a notification, and never asks again', async () => {
    const states = [manifest([svf2('inprogress')], 'inprogress', '40% complete'), manifest([svf2()], 'success')];
    let answer = 0;
    const mock = serveMd(() => jsonResponse(states[Math.min(answer++, states.length - 1)]));
    jobStore.getState().actions.jobStarted({ urn: URN, name: 'house.ifc', outputs: ['svf2'] }, Date.now());
    watch();

    await advance(0);
    expect(jobStore.getState().jobs[0]).toMatchObject({
      status: 'inprogress',
      progress: '40% complete',
      endedAt: null,
    });
    await advance(1_600);
    expect(jobStore.getState().jobs[0]).toMatchObject({ status: 'success', endedAt: expect.any(Number) });
    expect(screen.getByText('success: house.ifc is translated — svf2')).toBeInTheDocument();
    expect(jobStore.getState().jobs[0]?.announcedAt).toEqual(expect.any(Number));

    const asked = manifestCalls(mock.calls);
    await advance(120_000);
    expect(manifestCalls(mock.calls)).toBe(asked);
  });

  it('makes what was read of the design while it ran stale when it ends, but not the manifest it just read', async () => {
    const states = [manifest([svf2('inprogress')], 'inprogress', '40% complete'), manifest([svf2()], 'success')];
    let answer = 0;
    serveMd(() => jsonResponse(states[Math.min(answer++, states.length - 1)]));
    const queryClient = createTestQueryClient();
    // A folder row asked for the thumbnail before the translation made one.
    queryClient.setQueryData(mdQueries.thumbnail(URN, 100).queryKey, null);
    jobStore.getState().actions.jobStarted({ urn: URN, name: 'house.ifc', outputs: ['svf2'] }, Date.now());
    watch(queryClient);
    await advance(0);
    expect(queryClient.getQueryState(mdQueries.thumbnail(URN, 100).queryKey)?.isInvalidated).toBe(false);
    await advance(1_600);
    expect(jobStore.getState().jobs[0]?.status).toBe('success');
    expect(queryClient.getQueryState(mdQueries.thumbnail(URN, 100).queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(mdQueries.manifest(URN).queryKey)?.isInvalidated).toBe(false);
  });

  it('ends a job that finished while nobody watched (a session before this one) without a notification', async () => {
    serveMd(() => jsonResponse(manifest([svf2()], 'success')));
    jobStore.getState().actions.jobStarted({ urn: URN, name: 'house.ifc', outputs: ['svf2'] }, Date.now() - 3_600_000);
    watch();
    await advance(0);
    expect(jobStore.getState().jobs[0]).toMatchObject({ status: 'success', endedAt: expect.any(Number) });
    expect(screen.getByRole('list', { name: 'Toasts' })).toBeEmptyDOMElement();
  });

  it('tells of a job that a page saw running a moment ago and that ended during the reload', async () => {
    serveMd(() => jsonResponse(manifest([svf2()], 'success')));
    const { jobStarted, jobProgressed } = jobStore.getState().actions;
    const id = jobStarted({ urn: URN, name: 'house.ifc', outputs: ['svf2'] }, Date.now() - 3_600_000);
    jobProgressed(id, 'inprogress', '90% complete', Date.now() - 2_000);
    watch();
    await advance(0);
    expect(jobStore.getState().jobs[0]).toMatchObject({ status: 'success', endedAt: expect.any(Number) });
    expect(screen.getByText('success: house.ifc is translated — svf2')).toBeInTheDocument();
  });

  /** A job some page saw end, and told the person of, at `endedAt`. */
  function announcedEnd(
    urn: string,
    name: string,
    endedAt: number,
    status: TranslationStatus = 'success',
    message: string | null = null,
  ) {
    const { jobStarted, jobEnded, jobAnnounced } = jobStore.getState().actions;
    const id = jobStarted({ urn, name, outputs: ['svf2'] }, endedAt - 5_000);
    jobEnded(id, status, message, endedAt);
    jobAnnounced(id, endedAt);
  }

  it('tells again of a job whose end the page before this one told just before a reload replaced it', async () => {
    const pageStartedAt = Date.now();
    announcedEnd(URN, 'house.ifc', pageStartedAt - 300);
    announcedEnd(
      `${URN}x`,
      'broken.ifc',
      pageStartedAt - 200,
      'failed',
      'The file is not IFC. (TranslationWorker-InvalidFile)',
    );
    watch(undefined, pageStartedAt);
    await advance(0);
    expect(screen.getByText('success: house.ifc is translated — svf2')).toBeInTheDocument();
    expect(
      screen.getByText(
        'error: broken.ifc could not be translated — The file is not IFC. (TranslationWorker-InvalidFile)',
      ),
    ).toBeInTheDocument();
  });

  it('does not tell again of an end told long before this page, or told by a page open now', async () => {
    const pageStartedAt = Date.now();
    announcedEnd(URN, 'old.ifc', pageStartedAt - 30_000);
    announcedEnd(`${URN}x`, 'other.ifc', pageStartedAt + 50);
    watch(undefined, pageStartedAt);
    await advance(0);
    expect(screen.getByRole('list', { name: 'Toasts' })).toBeEmptyDOMElement();
  });

  it('marks when it last saw a job running, without writing the store on every unchanged answer', async () => {
    const mock = serveMd(() => jsonResponse(manifest([svf2('inprogress')], 'inprogress', '40% complete')));
    const startedAt = Date.now();
    jobStore.getState().actions.jobStarted({ urn: URN, name: 'big.ifc', outputs: ['svf2'] }, startedAt);
    const writes = vi.fn();
    const unsubscribe = jobStore.subscribe(writes);
    watch();
    await advance(0);
    await advance(20_000);
    unsubscribe();
    expect(jobStore.getState().jobs[0]?.watchedAt).toBeGreaterThan(startedAt + 10_000);
    expect(writes.mock.calls.length).toBeLessThan(manifestCalls(mock.calls));
  });

  it('tells of a job from before a reload that this page then saw end', async () => {
    const states = [manifest([svf2('inprogress')], 'inprogress', '40% complete'), manifest([svf2()], 'success')];
    let answer = 0;
    serveMd(() => jsonResponse(states[Math.min(answer++, states.length - 1)]));
    jobStore.getState().actions.jobStarted({ urn: URN, name: 'house.ifc', outputs: ['svf2'] }, Date.now() - 3_600_000);
    watch();
    await advance(0);
    await advance(11_000);
    expect(screen.getByText('success: house.ifc is translated — svf2')).toBeInTheDocument();
  });

  it('a failed job keeps the platform’s first error and says so', async () => {
    const failure = {
      type: 'error' as const,
      code: 'TranslationWorker-InternalFailure',
      message: 'The file is not an IFC model.',
    };
    serveMd(() => jsonResponse(manifest([obj('failed', [failure])], 'failed')));
    jobStore.getState().actions.jobStarted({ urn: URN, name: 'corrupt.ifc', outputs: ['obj'] }, Date.now());
    watch();

    await advance(0);
    expect(jobStore.getState().jobs[0]).toMatchObject({
      status: 'failed',
      message: 'The file is not an IFC model. (TranslationWorker-InternalFailure)',
    });
    expect(
      screen.getByText(
        'error: corrupt.ifc could not be translated — The file is not an IFC model. (TranslationWorker-InternalFailure)',
      ),
    ).toBeInTheDocument();
  });

  it('slows down while a job runs long: about one request every 10 s after a few minutes', async () => {
    const mock = serveMd(() => jsonResponse(manifest([svf2('inprogress')], 'inprogress', '40% complete')));
    jobStore.getState().actions.jobStarted({ urn: URN, name: 'big.ifc', outputs: ['svf2'] }, Date.now());
    watch();
    await advance(0);
    const first = manifestCalls(mock.calls);
    await advance(60_000);
    const firstMinute = manifestCalls(mock.calls) - first;
    await advance(240_000);
    const before = manifestCalls(mock.calls);
    await advance(60_000);
    expect(firstMinute).toBeGreaterThan(15);
    expect(manifestCalls(mock.calls) - before).toBeLessThanOrEqual(7);
  });
});
