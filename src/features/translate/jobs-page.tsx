import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ListChecksIcon } from '../../components/ui/icons';
import { TimeAgo } from '../../components/ui/time-ago';
import { designSource } from '../../lib/design-source';
import { decodeUrn } from '../../../contracts/model-derivative';
import { modelPath } from '../../lib/model-paths';
import { useNow } from '../../lib/time';
import { CONCURRENT_JOB_LIMIT, isRunning, useJobActions, useJobs, type TranslationJob } from './job-store';
import { formatElapsed, ProgressBar, StatusBadge } from './job-status';

/** From here on the person is told the limit is near, before the platform starts refusing jobs. */
const NEAR_LIMIT = CONCURRENT_JOB_LIMIT - 5;

/** Which design a job is of, beyond its file's name: the version of a hub item, or the bucket of an object. */
export function jobSource(job: TranslationJob): string | null {
  const source = designSource(decodeUrn(job.urn));
  if (source.kind === 'version') return source.versionNumber === null ? null : `v${source.versionNumber}`;
  if (source.kind === 'object') return `in ${source.bucketKey}`;
  return null;
}

function JobRow({ job, now }: { job: TranslationJob; now: number }) {
  const { jobDismissed } = useJobActions();
  const elapsed = (job.endedAt ?? now) - job.startedAt;
  const source = jobSource(job);
  const label = source ? `${job.name} ${source}` : job.name;
  return (
    <li aria-label={label} className="space-y-1.5 border-b border-neutral-100 px-4 py-3 dark:border-neutral-800">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link
          to={modelPath(job.urn, { name: job.name, item: job.item })}
          aria-label={label}
          className="min-w-0 truncate font-medium hover:underline"
        >
          {job.name}
          {source && (
            <span className="ml-1.5 font-normal text-neutral-600 tabular-nums dark:text-neutral-300">{source}</span>
          )}
        </Link>
        <StatusBadge status={job.status} />
        <span className="text-xs text-neutral-600 dark:text-neutral-400">{job.outputs.join(', ')}</span>
        <span className="text-xs text-neutral-600 dark:text-neutral-400">
          started <TimeAgo at={job.startedAt} now={now} />
        </span>
        <span
          className="ml-auto text-xs text-neutral-500 tabular-nums"
          aria-label={`Elapsed ${formatElapsed(elapsed)}`}
        >
          {formatElapsed(elapsed)}
        </span>
        {!isRunning(job) && (
          <Button size="sm" variant="ghost" onClick={() => jobDismissed(job.id)}>
            Dismiss<span className="sr-only"> {job.name}</span>
          </Button>
        )}
      </div>
      {isRunning(job) && <ProgressBar progress={job.progress} label={`Progress of ${job.name}`} />}
      {isRunning(job) && <p className="text-xs text-neutral-500">{job.progress}</p>}
      {job.message && <p className="text-xs text-red-700 dark:text-red-300">{job.message}</p>}
    </li>
  );
}

/** `/jobs`: every translation this person started in this browser, live. */
export function JobsPage() {
  const jobs = useJobs();
  const now = useNow(1000);
  const { finishedCleared } = useJobActions();
  const running = jobs.filter(isRunning).length;
  return (
    <section aria-labelledby="jobs-heading" className="flex min-h-0 flex-1 flex-col overflow-auto">
      <header className="flex items-center gap-3 border-b border-neutral-200 px-4 py-3 sm:px-6 dark:border-neutral-800">
        <h1 id="jobs-heading" className="text-lg font-semibold">
          Translations
        </h1>
        <p role="status" className="text-sm text-neutral-600 dark:text-neutral-300">
          {running} of {CONCURRENT_JOB_LIMIT} translations running
        </p>
        <Button size="sm" className="ml-auto" onClick={finishedCleared} disabled={jobs.length === running}>
          Clear finished
        </Button>
      </header>
      {running >= NEAR_LIMIT && (
        <div className="px-4 pt-3 sm:px-6">
          <Alert
            tone={running >= CONCURRENT_JOB_LIMIT ? 'danger' : 'warning'}
            title="Near the limit of concurrent translations"
          >
            The platform runs at most {CONCURRENT_JOB_LIMIT} translations at once; new ones are refused until some end.
          </Alert>
        </div>
      )}
      {jobs.length === 0 ? (
        <EmptyState
          icon={<ListChecksIcon className="size-5" />}
          title="No translations yet"
          description="Translate a file from its version page or a bucket object; it shows here live."
          headingLevel={2}
        />
      ) : (
        <ul aria-label="Translation jobs">
          {jobs.map((job) => (
            <JobRow key={job.id} job={job} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
