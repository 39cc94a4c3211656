import { Link } from 'react-router-dom';
import { encodeUrn } from '../../../contracts/model-derivative';
import { Button } from '../../components/ui/button';
import { formatBytes } from '../../lib/format-bytes';
import { modelPath } from '../../lib/model-paths';
import { RenameForm } from './rename-form';
import { formatDuration, secondsLeft } from './speed';
import { PROBLEM_TEXT } from './upload-checks';
import type { UploadEntry } from './upload-store';

const STATUS: Record<UploadEntry['status'], string> = {
  queued: 'Waiting',
  uploading: 'Uploading',
  finishing: 'Finishing',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  skipped: 'Skipped: name taken',
  refused: 'Not uploaded',
  held: 'Needs a shorter name',
};

/** What to do next, so a failure never leaves the person guessing whether the bytes sent are lost. */
function resumeHint(entry: UploadEntry): string {
  const kept = entry.doneParts.length;
  if (kept === 0) return 'Choose Retry to try again.';
  return `Choose Retry to send the rest: ${kept === 1 ? 'the part already sent is kept' : `the ${kept} parts already sent are kept`}.`;
}

function detail(entry: UploadEntry): string {
  if (entry.status === 'done') {
    const version = entry.result?.versionNumber;
    return version && version > 1 ? `Uploaded as version ${version}` : version ? 'Uploaded as version 1' : 'Uploaded';
  }
  if (entry.problem) return PROBLEM_TEXT[entry.problem];
  if (entry.status === 'failed') return `${entry.error ?? 'The upload failed.'} ${resumeHint(entry)}`;
  if (entry.status === 'cancelled') return `Cancelled. ${resumeHint(entry)}`;
  if (entry.status !== 'uploading') return STATUS[entry.status];
  const left = formatDuration(secondsLeft(entry.size - entry.sentBytes, entry.meter.speed));
  const speed = entry.meter.speed > 0 ? `${formatBytes(entry.meter.speed)}/s` : '';
  const retries =
    entry.partRetries > 0 ? `${entry.partRetries} part ${entry.partRetries === 1 ? 'retry' : 'retries'}` : '';
  return [`${formatBytes(entry.sentBytes)} of ${formatBytes(entry.size)}`, speed, left, retries]
    .filter(Boolean)
    .join(' · ');
}

/** The hub item a finished upload became, so its model page can show the folders it sits in. */
function itemPlace({ target, result }: UploadEntry) {
  if (target.kind !== 'folder' || !result?.itemId) return undefined;
  return { hubId: target.hubId, projectId: target.projectId, itemId: result.itemId };
}

/** One file of the queue: its progress and what can be done with it. */
export function UploadRow({
  entry,
  onCancel,
  onRetry,
  onRename,
}: {
  entry: UploadEntry;
  onCancel: () => void;
  onRetry: () => void;
  onRename: (name: string) => void;
}) {
  const active = entry.status === 'queued' || entry.status === 'uploading' || entry.status === 'finishing';
  const versionId = entry.result?.versionId;
  return (
    <li aria-label={entry.name} className="space-y-1 px-3 py-2">
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-xs font-medium" title={entry.name}>
          {entry.name}
        </span>
        {active && (
          <Button size="sm" variant="ghost" onClick={onCancel} aria-label={`Cancel ${entry.name}`}>
            Cancel
          </Button>
        )}
        {(entry.status === 'failed' || entry.status === 'cancelled') && (
          <Button size="sm" variant="ghost" onClick={onRetry} aria-label={`Retry ${entry.name}`}>
            Retry
          </Button>
        )}
        {entry.status === 'done' && versionId && (
          <Link
            to={modelPath(encodeUrn(versionId), { translate: true, name: entry.name, item: itemPlace(entry) })}
            className="text-xs font-medium text-accent-700 underline-offset-2 hover:underline dark:text-accent-300"
            aria-label={`Translate ${entry.name}`}
          >
            Translate
          </Link>
        )}
      </div>
      {entry.status === 'held' && <RenameForm name={entry.name} onRename={onRename} />}
      <progress
        aria-label={`${entry.name} progress`}
        max={Math.max(entry.size, 1)}
        value={entry.status === 'done' ? Math.max(entry.size, 1) : entry.sentBytes}
        className="h-1.5 w-full overflow-hidden rounded-full accent-accent-600"
      />
      <p
        className={`text-[11px] ${entry.status === 'failed' || entry.problem ? 'text-red-700 dark:text-red-400' : 'text-neutral-600 dark:text-neutral-400'}`}
      >
        {detail(entry)}
      </p>
    </li>
  );
}
