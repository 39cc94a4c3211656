import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { WorkItemStatusValue } from '../../../contracts/design-automation';
import { parseDaId } from '../../api/design-automation/ids';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ListChecksIcon } from '../../components/ui/icons';
import { TimeAgo } from '../../components/ui/time-ago';
import { useNow } from '../../lib/time';
import { AUTOMATION_PATH, activityPath, runPath } from './paths';
import { SELECT } from './project-picker';
import { RunStatus } from './run-status';
import { isLiveRun, useRunActions, useRuns, type WorkItemRun } from './run-store';

const STATUS_FILTERS: Record<string, (status: WorkItemStatusValue) => boolean> = {
  all: () => true,
  live: (status) => status === 'pending' || status === 'inprogress',
  success: (status) => status === 'success',
  failed: (status) => status.startsWith('failed'),
  cancelled: (status) => status === 'cancelled',
};

function RunRow({ run, now }: { run: WorkItemRun; now: number }) {
  const { runDismissed } = useRunActions();
  const activity = parseDaId(run.activityId);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-neutral-100 px-4 py-2 text-sm dark:border-neutral-800">
      <Link to={runPath(run.id)} className="font-medium hover:underline">
        {activity?.name ?? run.activityId}
        <span className="sr-only"> run {run.id}</span>
      </Link>
      <RunStatus status={run.status} />
      <span className="font-mono text-xs text-neutral-500 dark:text-neutral-400">{run.activityId}</span>
      <span className="text-xs text-neutral-600 dark:text-neutral-400">
        started <TimeAgo at={run.startedAt} now={now} />
      </span>
      <span className="ml-auto flex gap-1">
        {activity && !isLiveRun(run) && (
          <Link
            to={activityPath(activity.owner, activity.name, { again: run.id, alias: activity.alias })}
            className="rounded-md px-2 py-1 text-xs font-medium text-accent-700 hover:bg-accent-50 dark:text-accent-300 dark:hover:bg-neutral-800"
          >
            Run again<span className="sr-only"> {activity.name}</span>
          </Link>
        )}
        {!isLiveRun(run) && (
          <Button size="sm" variant="ghost" onClick={() => runDismissed(run.id)}>
            Remove<span className="sr-only"> run {run.id}</span>
          </Button>
        )}
      </span>
    </li>
  );
}

/** The runs started from this app (Design Automation keeps no list of its own), filtered by activity and status. */
export function RunsList({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const id = useId();
  const runs = useRuns();
  const now = useNow(1000);
  const [search, setSearch] = useSearchParams();
  const activity = search.get('activity') ?? '';
  const status = search.get('status') ?? 'all';
  const activities = [...new Set(runs.map((run) => run.activityId))].sort();
  const shown = runs.filter(
    (run) =>
      (!activity || run.activityId === activity) && (STATUS_FILTERS[status] ?? STATUS_FILTERS['all']!)(run.status),
  );
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value && value !== 'all') next.set(name, value);
    else next.delete(name);
    setSearch(next, { replace: true });
  };
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section aria-labelledby={`${id}-heading`} className="flex min-h-0 flex-col">
      <header className="flex flex-wrap items-center gap-3 border-b border-neutral-200 px-4 py-3 sm:px-6 dark:border-neutral-800">
        <Heading id={`${id}-heading`} className="text-base font-semibold">
          Automation runs
        </Heading>
        <p role="status" className="text-sm text-neutral-600 dark:text-neutral-300">
          {runs.filter(isLiveRun).length} running
        </p>
        <div className="ml-auto flex flex-wrap gap-2">
          <label htmlFor={`${id}-activity`} className="sr-only">
            Filter by activity
          </label>
          <select
            id={`${id}-activity`}
            className={SELECT}
            value={activity}
            onChange={(event) => set('activity', event.target.value)}
          >
            <option value="">Every activity</option>
            {activities.map((one) => (
              <option key={one} value={one}>
                {one}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-status`} className="sr-only">
            Filter by status
          </label>
          <select
            id={`${id}-status`}
            className={SELECT}
            value={status}
            onChange={(event) => set('status', event.target.value)}
          >
            <option value="all">Every status</option>
            <option value="live">Running or queued</option>
            <option value="success">Succeeded</option>
            <option value="failed">Failed</option>
            <option value="cancelled">Cancelled</option>
          </select>
        </div>
      </header>
      {runs.length === 0 ? (
        <EmptyState
          icon={<ListChecksIcon className="size-5" />}
          title="No runs yet"
          description={
            <>
              Run an activity from{' '}
              <Link to={AUTOMATION_PATH} className="underline">
                Automation
              </Link>
              ; it shows here live.
            </>
          }
          headingLevel={headingLevel === 1 ? 2 : 1}
        />
      ) : shown.length === 0 ? (
        <p className="px-6 py-4 text-sm text-neutral-600 dark:text-neutral-400">No run matches these filters.</p>
      ) : (
        <ul aria-label="Runs">
          {shown.map((run) => (
            <RunRow key={run.id} run={run} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function RunsPage() {
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-auto">
      <RunsList />
    </div>
  );
}
