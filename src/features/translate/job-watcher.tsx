import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Manifest } from '../../../contracts/model-derivative';
import { isEnded, mdQueries, pollDelay } from '../../api/model-derivative/queries';
import { showToast, type Toast } from '../../components/ui/toast-store';
import { isRunning, jobStore, useJobActions, useJobs, type TranslationJob } from './job-store';

/** The first error message anywhere in a manifest, in the platform's words. */
export function firstError(manifest: Manifest): string | null {
  for (const derivative of manifest.derivatives) {
    const error = derivative.messages?.find((message) => message.type === 'error');
    if (error) return `${Array.isArray(error.message) ? error.message.join(' ') : error.message} (${error.code})`;
  }
  return null;
}

/** When this page began: a job that had ended before, while nobody watched, ends without a notification. */
const PAGE_STARTED_AT = Date.now();
/** A job some page saw running this recently before this one began (a reload, a new tab) was being watched. */
const STILL_WATCHED_MS = 60_000;
/**
 * A job whose end a page told of this recently before this page began is told again: the page may have
 * been replaced (a reload) before the person read it, or before it was even drawn.
 */
const RETELL_MS = 10_000;
/** How stale the record of having seen a job running may get before the watcher writes it again. */
const WATCH_MARK_MS = 5_000;

/** Where a model-scoped key names what it holds: `['md', 'model', { urn }, 'manifest' | 'thumbnail' | …]`. */
const SCOPE_LENGTH = mdQueries.modelScope('').length;

/**
 * Polls one running job's manifest. The interval is a function of the job's age, so a job is asked
 * about every 1.5 s at first and every 10 s once it runs long; it returns false once the manifest has
 * ended, and the watcher unmounts, so a finished job is never asked about again.
 */
function JobWatcher({ job, now }: { job: TranslationJob; now: () => number }) {
  const { jobProgressed, jobEnded, jobAnnounced } = useJobActions();
  const queryClient = useQueryClient();
  // Whether someone watched the job run, on this page or on the one a reload replaced: only then is
  // its end news. One that ended while the app was closed is simply marked ended in the job centre.
  const sawRunningRef = useRef(
    job.startedAt >= PAGE_STARTED_AT || (job.watchedAt ?? 0) >= PAGE_STARTED_AT - STILL_WATCHED_MS,
  );
  const manifest = useQuery({
    ...mdQueries.manifest(job.urn),
    refetchInterval: (query) =>
      isEnded(query.state.data?.status) && query.state.dataUpdatedAt >= job.startedAt
        ? false
        : pollDelay(now() - job.startedAt),
    refetchIntervalInBackground: true,
    // Starting the job already refetched the manifest; the watcher mounting a moment later need not.
    staleTime: 1_000,
  });
  const { data, dataUpdatedAt } = manifest;

  useEffect(() => {
    // A manifest read before this job started describes the previous translation.
    if (!data || dataUpdatedAt < job.startedAt) return;
    if (!isEnded(data.status)) {
      sawRunningRef.current = true;
      const changed = data.status !== job.status || data.progress !== job.progress;
      if (changed || dataUpdatedAt - (job.watchedAt ?? 0) > WATCH_MARK_MS)
        jobProgressed(job.id, data.status, data.progress, dataUpdatedAt);
      return;
    }
    const message = data.status === 'success' ? null : (firstError(data) ?? 'The platform gave no reason.');
    jobEnded(job.id, data.status, message);
    // Views, trees and thumbnails read while the job ran are stale now (a list row may hold "no
    // thumbnail" for minutes); the manifest itself is fresh, and asking it again would be a poll.
    void queryClient.invalidateQueries({
      queryKey: mdQueries.modelScope(job.urn),
      predicate: (query) => query.queryKey[SCOPE_LENGTH] !== 'manifest',
    });
    if (!sawRunningRef.current) return;
    showToast(endNotice({ ...job, status: data.status, message }));
    jobAnnounced(job.id);
  }, [data, dataUpdatedAt, job, jobProgressed, jobEnded, jobAnnounced, queryClient]);
  return null;
}

function endNotice(job: Pick<TranslationJob, 'name' | 'outputs' | 'status' | 'message'>): Omit<Toast, 'id'> {
  return job.status === 'success'
    ? { tone: 'success', title: `${job.name} is translated`, message: job.outputs.join(', ') }
    : { tone: 'error', title: `${job.name} could not be translated`, message: job.message ?? undefined };
}

/** Watches every running job from anywhere in the app; mounted once, in the layout. */
export function JobWatchers({
  now = Date.now,
  pageStartedAt = PAGE_STARTED_AT,
}: {
  now?: () => number;
  pageStartedAt?: number;
}) {
  const running = useJobs().filter(isRunning);
  // Once, with the jobs as this page found them (a second run, as in StrictMode, shows the same toasts, which are shown once).
  useEffect(() => {
    for (const job of jobStore.getState().jobs) {
      const { announcedAt = 0 } = job;
      if (announcedAt < pageStartedAt && announcedAt >= pageStartedAt - RETELL_MS) showToast(endNotice(job));
    }
  }, [pageStartedAt]);
  return (
    <>
      {running.map((job) => (
        <JobWatcher key={job.id} job={job} now={now} />
      ))}
    </>
  );
}
