import { useQuery } from '@tanstack/react-query';
import type { WorkItemStats } from '../../../contracts/design-automation';
import { objectUrn } from '../../../contracts/oss';
import { describeError } from '../../api/describe-error';
import { daQueries } from '../../api/design-automation/queries';
import { Spinner } from '../../components/ui/spinner';
import { cx } from '../../lib/class-names';
import { OutputLink } from './output-link';
import { reportLines, timelineOf, type LineKind } from './report-lines';
import type { WorkItemRun } from './run-store';

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
const BAR_TONES = ['bg-neutral-400', 'bg-sky-500', 'bg-accent-500', 'bg-emerald-500'];

/** The stats as a timeline: one bar, a segment per phase, each named with how long it took. */
export function StatsTimeline({ stats, now }: { stats: WorkItemStats; now: number }) {
  const steps = timelineOf(stats, now);
  const total = steps.reduce((sum, step) => sum + step.ms, 0) || 1;
  return (
    <div className="space-y-2">
      <div aria-hidden="true" className="flex h-3 w-full overflow-hidden rounded bg-neutral-100 dark:bg-neutral-800">
        {steps.map((step, index) => (
          <div key={step.label} className={BAR_TONES[index]} style={{ width: `${(step.ms / total) * 100}%` }} />
        ))}
      </div>
      <ol aria-label="Timeline" className="grid grid-cols-2 gap-x-4 text-xs sm:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step.label} className="flex items-center gap-1.5">
            <span className={cx('size-2 rounded-full', BAR_TONES[index])} />
            {step.label}: <span className="tabular-nums">{seconds(step.ms)}</span>
          </li>
        ))}
      </ol>
      {(stats.bytesDownloaded !== undefined || stats.bytesUploaded !== undefined) && (
        <p className="text-xs text-neutral-600 dark:text-neutral-400 tabular-nums">
          {stats.bytesDownloaded ?? 0} bytes downloaded, {stats.bytesUploaded ?? 0} bytes uploaded
        </p>
      )}
    </div>
  );
}

const LINE_TONES: Record<LineKind, string> = {
  phase: 'font-semibold text-accent-800 dark:text-accent-200',
  error: 'bg-red-50 font-semibold text-red-800 dark:bg-red-950/60 dark:text-red-200',
  warning: 'text-amber-800 dark:text-amber-200',
  command: 'text-neutral-900 dark:text-neutral-50',
  result: 'font-semibold text-green-800 dark:text-green-200',
  plain: 'text-neutral-700 dark:text-neutral-300',
};

/** `report.txt` with its phases, command lines and errors set apart. */
export function ReportView({ id, url }: { id: string; url: string }) {
  const report = useQuery(daQueries.report(id, url));
  if (report.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-neutral-500">
        <Spinner /> Reading the report…
      </p>
    );
  if (report.isError)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {describeError(report.error).message}
      </p>
    );
  return (
    <div
      aria-label="Report"
      role="log"
      tabIndex={0}
      className="max-h-[28rem] overflow-auto rounded-md bg-neutral-50 p-3 font-mono text-xs dark:bg-neutral-900"
    >
      {reportLines(report.data).map((line, index) => (
        <div key={index} data-kind={line.kind} className={cx('whitespace-pre-wrap break-all', LINE_TONES[line.kind])}>
          {line.time && <span className="text-neutral-500 dark:text-neutral-400">{line.time} </span>}
          {line.text}
        </div>
      ))}
    </div>
  );
}

/** Where the outputs went; those made into items and objects open like any other file. */
export function RunOutputs({ run }: { run: WorkItemRun }) {
  if (run.outputs.length === 0)
    return <p className="text-sm text-neutral-600 dark:text-neutral-400">This run wrote no files.</p>;
  return (
    <ul aria-label="Outputs" className="space-y-1 text-sm">
      {run.outputs.map((output) => (
        <li key={output.parameter}>
          <span className="font-mono text-xs">{output.parameter}</span>
          {' → '}
          {output.kind === 'bucket' ? (
            run.status === 'success' ? (
              <OutputLink
                fileName={output.objectKey}
                designUrn={objectUrn(output.bucketKey, output.objectKey)}
                storageUrn={objectUrn(output.bucketKey, output.objectKey)}
              >
                {output.bucketKey}/{output.objectKey}
              </OutputLink>
            ) : (
              <span>
                {output.bucketKey}/{output.objectKey}
              </span>
            )
          ) : output.made ? (
            <OutputLink
              fileName={output.fileName}
              designUrn={output.made.versionId}
              storageUrn={output.storageId}
              item={{ hubId: output.hubId, projectId: output.projectId, itemId: output.made.itemId }}
            >
              {output.fileName} v{output.made.versionNumber}
            </OutputLink>
          ) : (
            <span>
              {output.fileName}
              {run.finishing === 'due' && ' (saving to the folder…)'}
              {typeof run.finishing === 'object' && (
                <span role="alert" className="text-red-700 dark:text-red-300">
                  {' '}
                  could not be saved to the folder: {run.finishing.error}
                </span>
              )}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
