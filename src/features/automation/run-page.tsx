import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { describeError } from '../../api/describe-error';
import { parseDaId } from '../../api/design-automation/ids';
import { daMutations } from '../../api/design-automation/mutations';
import { daQueries, isLive } from '../../api/design-automation/queries';
import { Button } from '../../components/ui/button';
import { ErrorState } from '../../components/ui/error-state';
import { Spinner } from '../../components/ui/spinner';
import { useNow } from '../../lib/time';
import { Panel } from './automation-page';
import { ErrorDetails } from './error-details';
import { activityPath, RUNS_PATH } from './paths';
import { failureReason } from './report-lines';
import { ReportView, RunOutputs, StatsTimeline } from './run-details';
import { RunStatus, statusMeaning } from './run-status';
import { useRun } from './run-store';

function FailureWords({
  id,
  url,
  status,
}: {
  id: string;
  url: string | undefined;
  status: Parameters<typeof statusMeaning>[0];
}) {
  const report = useQuery({ ...daQueries.report(id, url ?? ''), enabled: Boolean(url) });
  const meaning = statusMeaning(status);
  const reason = report.data ? failureReason(report.data) : null;
  if (!meaning) return null;
  return (
    <div
      role="status"
      className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p>{meaning}</p>
      {reason && (
        <p className="mt-1">
          The report says: <q className="font-mono text-xs">{reason}</q>
        </p>
      )}
    </div>
  );
}

/** `/automation/runs/:id`: one workitem, live: status, timeline, report, outputs; cancel while it runs. */
export function RunPage() {
  const { id = '' } = useParams();
  const run = useRun(id);
  const now = useNow(1000);
  const status = useQuery(daQueries.workItem(id, run?.startedAt ?? now));
  const cancel = useMutation(daMutations.cancelWorkItem(id));
  const activity = run ? parseDaId(run.activityId) : null;
  const data = status.data;

  return (
    <section aria-labelledby="run-heading" className="flex min-h-0 flex-1 flex-col overflow-auto">
      <header className="flex flex-wrap items-center gap-3 border-b border-neutral-200 px-6 py-3 dark:border-neutral-800">
        <div className="min-w-0">
          <p className="text-xs">
            <Link to={RUNS_PATH} className="hover:underline">
              Runs
            </Link>
          </p>
          <h1 id="run-heading" className="flex items-center gap-2 text-base font-semibold">
            {activity ? activity.name : 'Workitem'} {data && <RunStatus status={data.status} />}
          </h1>
          <p className="font-mono text-xs text-neutral-600 dark:text-neutral-400">
            {run?.activityId} · {id}
          </p>
        </div>
        <div className="ml-auto flex gap-2">
          {data && isLive(data.status) && (
            <Button size="sm" variant="danger" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel
            </Button>
          )}
          {activity && data && !isLive(data.status) && (
            <Link
              to={activityPath(activity.owner, activity.name, { again: id, alias: activity.alias })}
              className="rounded-md border border-neutral-300 px-2.5 py-1 text-xs font-medium hover:bg-neutral-50 dark:border-neutral-700 dark:hover:bg-neutral-800"
            >
              Run again
            </Link>
          )}
        </div>
      </header>
      {cancel.isError && (
        <div className="px-6 pt-3">
          <ErrorDetails title="Not cancelled" description={describeError(cancel.error)} />
        </div>
      )}
      {status.isError && !data ? (
        <ErrorState
          title="Couldn't read this workitem"
          {...describeError(status.error)}
          onRetry={() => void status.refetch()}
        />
      ) : !data ? (
        <p className="flex items-center gap-2 p-6 text-sm text-neutral-500">
          <Spinner /> Loading…
        </p>
      ) : (
        <div className="grid gap-4 p-4 sm:p-6">
          <p aria-live="polite" className="sr-only">
            Status: {data.status}
          </p>
          {!isLive(data.status) && <FailureWords id={id} url={data.reportUrl} status={data.status} />}
          <Panel title="Timeline" id="timeline-heading">
            <div className="p-4">
              <StatsTimeline stats={data.stats} now={now} />
            </div>
          </Panel>
          {run && (
            <Panel title="Outputs" id="outputs-heading">
              <div className="p-4">
                <RunOutputs run={run} />
              </div>
            </Panel>
          )}
          {data.reportUrl && (
            <Panel title="Report" id="report-heading">
              <div className="p-4">
                <ReportView id={id} url={data.reportUrl} />
              </div>
            </Panel>
          )}
        </div>
      )}
    </section>
  );
}
