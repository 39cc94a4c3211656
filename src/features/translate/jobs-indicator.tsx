import { Link } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { ListChecksIcon } from '../../components/ui/icons';
import { JOBS_PATH } from '../../lib/model-paths';
import { CONCURRENT_JOB_LIMIT, useRunningCount } from './job-store';
import { JobWatchers } from './job-watcher';

/** The header's link to the job centre: how many translations run, and near the limit, out of how many. */
export function JobsIndicator() {
  const running = useRunningCount();
  const label =
    running === 0 ? 'Translations: none running' : `Translations: ${running} of ${CONCURRENT_JOB_LIMIT} running`;
  return (
    <>
      <JobWatchers />
      <Link
        to={JOBS_PATH}
        aria-label={label}
        title={label}
        className="flex h-8 items-center gap-1.5 rounded-md px-2 text-xs text-neutral-600 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent-500 dark:text-neutral-300 dark:hover:bg-neutral-800"
      >
        {running > 0 ? <Spinner /> : <ListChecksIcon className="size-4" />}
        {running > 0 && <span className="tabular-nums">{running}</span>}
      </Link>
    </>
  );
}
