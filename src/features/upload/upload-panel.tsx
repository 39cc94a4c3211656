import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ChevronDownIcon } from '../../components/ui/icons';
import { formatBytes } from '../../lib/format-bytes';
import { useUploadRunner } from './runner-context';
import { formatDuration, secondsLeft } from './speed';
import { UploadRow } from './upload-row';
import { isActive, useUploadActions, useUploadEntries, type UploadEntry } from './upload-store';
import { useBeforeUnloadWhileUploading } from './use-before-unload';

function overall(entries: UploadEntry[]) {
  const counted = entries.filter((entry) => entry.status !== 'skipped' && entry.status !== 'cancelled');
  const size = counted.reduce((sum, entry) => sum + entry.size, 0);
  const sent = counted.reduce((sum, entry) => sum + (entry.status === 'done' ? entry.size : entry.sentBytes), 0);
  const speed = entries
    .filter((entry) => entry.status === 'uploading')
    .reduce((sum, entry) => sum + entry.meter.speed, 0);
  return {
    size,
    sent,
    speed,
    active: entries.filter(isActive).length,
    done: entries.filter((entry) => entry.status === 'done').length,
    failed: entries.filter((entry) => entry.status === 'failed').length,
  };
}

/** The summary read out when it changes: counts only, so the screen reader is not flooded with bytes. */
function announcement({ active, done, failed }: ReturnType<typeof overall>): string {
  const parts = [active ? `${active} uploading` : '', done ? `${done} uploaded` : '', failed ? `${failed} failed` : ''];
  return parts.filter(Boolean).join(', ');
}

/** The upload queue, bottom right, across every page of the app while files are in it. */
export function UploadPanel() {
  const entries = useUploadEntries();
  const loadRunner = useUploadRunner();
  const { finishedCleared } = useUploadActions();
  const [open, setOpen] = useState(true);
  const listId = useId();
  useBeforeUnloadWhileUploading();

  if (entries.length === 0) return null;
  const totals = overall(entries);
  const percent = totals.size > 0 ? Math.floor((totals.sent / totals.size) * 100) : 100;
  const left = totals.active ? formatDuration(secondsLeft(totals.size - totals.sent, totals.speed)) : '';
  return (
    <section
      aria-label="Uploads"
      className="fixed right-4 bottom-4 z-40 flex max-h-[60vh] w-96 max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-lg border border-neutral-200 bg-white text-neutral-800 shadow-xl dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <div className="flex items-center gap-2 border-b border-neutral-200 px-3 py-2 dark:border-neutral-800">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
          className="flex min-w-0 flex-1 items-center gap-2 rounded text-left text-sm font-semibold focus-visible:outline-2 focus-visible:outline-accent-500"
        >
          <ChevronDownIcon className={`size-4 shrink-0 transition-transform ${open ? '' : '-rotate-90'}`} />
          <span className="truncate">
            Uploads · {percent}%{totals.speed > 0 && totals.active ? ` · ${formatBytes(totals.speed)}/s` : ''}
            {left ? ` · ${left}` : ''}
          </span>
        </button>
        {entries.some((entry) => !isActive(entry)) && (
          <Button size="sm" variant="ghost" onClick={finishedCleared}>
            Clear finished
          </Button>
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement(totals)}
      </p>
      {open && (
        <ul id={listId} className="min-h-0 flex-1 divide-y divide-neutral-100 overflow-auto dark:divide-neutral-800">
          {entries.map((entry) => (
            <UploadRow
              key={entry.id}
              entry={entry}
              onCancel={() => void loadRunner().then((runner) => runner.cancel(entry.id))}
              onRetry={() => void loadRunner().then((runner) => runner.retry(entry.id))}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
