import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/modal-dialog';
import type { ConflictChoice } from './conflicts';
import { usePendingBatch } from './upload-store';

const CHOICES: { choice: ConflictChoice; label: [string, string]; hint: [string, string] }[] = [
  {
    choice: 'new-version',
    label: ['Upload as a new version', 'Upload as new versions'],
    hint: [
      'The file becomes the next version of the item with its name.',
      'Each file becomes the next version of the item with its name.',
    ],
  },
  {
    choice: 'keep-both',
    label: ['Keep both', 'Keep both'],
    hint: [
      'The new file gets a numbered name, such as “plan (2).pdf”.',
      'The new files get a numbered name, such as “plan (2).pdf”.',
    ],
  },
  // The skip hint depends on whether any picked file is free; see skipHint.
  { choice: 'skip', label: ['Skip this file', 'Skip these files'], hint: ['', ''] },
];

const skipHint = (conflicts: number, batchSize: number) =>
  batchSize > conflicts ? 'Only the files whose names are free are uploaded.' : 'Nothing is uploaded.';

/** Asked once for a batch whose names are already in the folder. */
export function ConflictDialog() {
  const batch = usePendingBatch();
  const id = useId();

  if (!batch) return null;
  const { conflicts, batchSize, decide } = batch;
  const many = conflicts.length === 1 ? 0 : 1;
  return (
    <ModalDialog
      title={
        conflicts.length === 1
          ? 'A file with this name is already here'
          : `${conflicts.length} files with these names are already here`
      }
      describedBy={`${id}-text`}
      onCancel={() => decide(null)}
    >
      <div id={`${id}-text`} className="text-sm">
        <ul className="max-h-32 list-inside list-disc overflow-auto font-mono text-xs">
          {conflicts.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </div>
      <div className="mt-4 space-y-2">
        {CHOICES.map(({ choice, label, hint }) => (
          <div key={choice} className="flex items-center justify-between gap-3">
            <span className="text-xs text-neutral-600 dark:text-neutral-400">
              {choice === 'skip' ? skipHint(conflicts.length, batchSize) : hint[many]}
            </span>
            <Button
              size="sm"
              variant={choice === 'new-version' ? 'primary' : 'secondary'}
              autoFocus={choice === 'new-version'}
              onClick={() => decide(choice)}
            >
              {label[many]}
            </Button>
          </div>
        ))}
      </div>
      <div className="mt-4 flex justify-end">
        <Button variant="ghost" size="sm" onClick={() => decide(null)}>
          Cancel upload
        </Button>
      </div>
    </ModalDialog>
  );
}
