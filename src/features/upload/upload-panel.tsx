import { useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ChevronDownIcon } from '../../components/ui/icons';
import { useUploadRunner } from './runner-context';
import { UploadRow } from './upload-row';
import { isUnfinished, useUploadActions, useUploadEntries } from './upload-store';
import { uploadAnnouncement, uploadSummary } from './upload-summary';
import { useBeforeUnloadWhileUploading } from './use-before-unload';
import { useHeightAsCssVariable } from './use-height-variable';

/** The upload queue, bottom right, across every page of the app while files are in it. */
export function UploadPanel() {
  const entries = useUploadEntries();
  const loadRunner = useUploadRunner();
  const { finishedCleared } = useUploadActions();
  const [open, setOpen] = useState(true);
  const [count, setCount] = useState(entries.length);
  const listId = useId();
  const panel = useRef<HTMLElement>(null);
  useBeforeUnloadWhileUploading();
  // Stays open when files finish (their outcome and Translate are what the person looks for next),
  // and opens again when new files arrive after it was collapsed.
  if (count !== entries.length) {
    setCount(entries.length);
    if (entries.length > count) setOpen(true);
  }
  // Toasts sit above the panel, and the page keeps its last rows clear of it, whatever its height.
  useHeightAsCssVariable(panel, '--upload-panel-height', entries.length > 0);

  if (entries.length === 0) return null;
  return (
    <section
      ref={panel}
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
          <span className="truncate">Uploads · {uploadSummary(entries)}</span>
        </button>
        {entries.some((entry) => !isUnfinished(entry)) && (
          <Button size="sm" variant="ghost" onClick={finishedCleared}>
            Clear finished
          </Button>
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {uploadAnnouncement(entries)}
      </p>
      {open && (
        <ul id={listId} className="min-h-0 flex-1 divide-y divide-neutral-100 overflow-auto dark:divide-neutral-800">
          {entries.map((entry) => (
            <UploadRow
              key={entry.id}
              entry={entry}
              onCancel={() => void loadRunner().then((runner) => runner.cancel(entry.id))}
              onRetry={() => void loadRunner().then((runner) => runner.retry(entry.id))}
              onRename={(name) => void loadRunner().then((runner) => runner.rename(entry.id, name))}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
