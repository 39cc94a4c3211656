import { useEffect, useId, useRef } from 'react';
import { Button } from '../../components/ui/button';
import type { ConflictChoice } from './conflicts';
import { usePendingBatch } from './upload-store';

const CHOICES: { choice: ConflictChoice; label: string; hint: string }[] = [
  { choice: 'new-version', label: 'Upload as new versions', hint: 'Each file becomes the next version of the item with its name.' },
  { choice: 'keep-both', label: 'Keep both', hint: 'The new files get a numbered name, such as “plan (2).pdf”.' },
  { choice: 'skip', label: 'Skip these files', hint: 'Only the files whose names are free are uploaded.' },
];

/** Asked once for a batch whose names are already in the folder. */
export function ConflictDialog() {
  const batch = usePendingBatch();
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!batch || !dialog || dialog.open) return;
    // jsdom lacks showModal; there the dialog is simply shown open.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.open = true;
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
    };
  }, [batch]);

  if (!batch) return null;
  const { conflicts, decide } = batch;
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        decide(null);
      }}
      className="m-auto w-full max-w-md rounded-lg border border-neutral-200 bg-white p-5 text-neutral-800 shadow-xl backdrop:bg-neutral-950/40 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {conflicts.length === 1 ? 'A file with this name is already here' : `${conflicts.length} files with these names are already here`}
      </h2>
      <div id={`${id}-text`} className="mt-2 text-sm">
        <ul className="max-h-32 list-inside list-disc overflow-auto font-mono text-xs">
          {conflicts.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </div>
      <div className="mt-4 space-y-2">
        {CHOICES.map(({ choice, label, hint }) => (
          <div key={choice} className="flex items-center justify-between gap-3">
            <span className="text-xs text-neutral-600 dark:text-neutral-400">{hint}</span>
            <Button size="sm" variant={choice === 'new-version' ? 'primary' : 'secondary'} autoFocus={choice === 'new-version'} onClick={() => decide(choice)}>
              {label}
            </Button>
          </div>
        ))}
      </div>
      <div className="mt-4 flex justify-end">
        <Button variant="ghost" size="sm" onClick={() => decide(null)}>
          Cancel upload
        </Button>
      </div>
    </dialog>
  );
}
