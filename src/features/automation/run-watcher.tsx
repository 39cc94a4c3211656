import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { describeError } from '../../api/describe-error';
import { daQueries, isLive } from '../../api/design-automation/queries';
import { showToast } from '../../components/ui/toast-store';
import { finishOutputs } from './finish-run';
import { isLiveRun, useRunActions, useRuns, type WorkItemRun } from './run-store';
import { statusMeaning } from './run-status';

/** When this page began: a run that had ended before, while nobody watched, ends without a notification. */
const PAGE_STARTED_AT = Date.now();

const activityName = (activityId: string) => activityId.replace(/^[^.]*\./, '');

/** Polls one live workitem with the translations' discipline; it unmounts once the run has ended. */
function RunWatcher({ run }: { run: WorkItemRun }) {
  const { runProgressed, runEnded } = useRunActions();
  const sawRunningRef = useRef(run.startedAt >= PAGE_STARTED_AT);
  const { data } = useQuery(daQueries.workItem(run.id, run.startedAt));

  useEffect(() => {
    if (!data) return;
    if (isLive(data.status)) {
      sawRunningRef.current = true;
      if (data.status !== run.status || data.progress !== run.progress)
        runProgressed(run.id, data.status, data.progress);
      return;
    }
    runEnded(run.id, data.status);
    if (!sawRunningRef.current) return;
    const name = activityName(run.activityId);
    showToast(
      data.status === 'success'
        ? { tone: 'success', title: `${name} succeeded` }
        : { tone: 'error', title: `${name} did not succeed`, message: statusMeaning(data.status) ?? data.status },
    );
  }, [data, run, runProgressed, runEnded]);
  return null;
}

/** Once a run has succeeded, its folder outputs become items or versions, once. */
function RunFinisher({ run }: { run: WorkItemRun }) {
  const { runFinished } = useRunActions();
  const queryClient = useQueryClient();
  const startedRef = useRef(false);
  useEffect(() => {
    if (startedRef.current) return;
    startedRef.current = true;
    finishOutputs(run.outputs, queryClient, new AbortController().signal).then(
      (outputs) => runFinished(run.id, outputs, 'done'),
      (error: unknown) => runFinished(run.id, run.outputs, { error: describeError(error).message }),
    );
  }, [run, queryClient, runFinished]);
  return null;
}

/** Watches every live run from anywhere in the app; mounted once, in the top bar. */
export function RunWatchers() {
  const runs = useRuns();
  return (
    <>
      {runs.filter(isLiveRun).map((run) => (
        <RunWatcher key={run.id} run={run} />
      ))}
      {runs
        .filter((run) => run.finishing === 'due')
        .map((run) => (
          <RunFinisher key={run.id} run={run} />
        ))}
    </>
  );
}
