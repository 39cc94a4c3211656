import { Link } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { RUNS_PATH } from './paths';
import { useLiveRunCount } from './run-store';
import { RunWatchers } from './run-watcher';

/** The header's link to the automation runs, with how many are live; it hosts the runs' watchers. */
export function RunsIndicator() {
  const live = useLiveRunCount();
  const label = live === 0 ? 'Automation runs: none running' : `Automation runs: ${live} running`;
  return (
    <>
      <RunWatchers />
      {live > 0 && (
        <Link
          to={RUNS_PATH}
          aria-label={label}
          title={label}
          className="flex h-8 items-center gap-1.5 rounded-md px-2 text-xs text-neutral-600 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent-500 dark:text-neutral-300 dark:hover:bg-neutral-800"
        >
          <Spinner />
          <span className="tabular-nums">{live}</span>
        </Link>
      )}
    </>
  );
}
