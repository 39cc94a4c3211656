import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { MAX_ITEM_NAME, shortenedName } from './upload-checks';

/** Offered on a file held for its long name: a shorter name, suggested with the extension kept. */
export function RenameForm({ name, onRename }: { name: string; onRename: (name: string) => void }) {
  const [value, setValue] = useState(() => shortenedName(name));
  const length = value.trim().length;
  const problem =
    length === 0 ? 'Enter a name.' : length > MAX_ITEM_NAME ? `${length - MAX_ITEM_NAME} characters too long.` : '';
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) onRename(value.trim());
      }}
    >
      <input
        aria-label={`New name for ${name}`}
        aria-invalid={problem ? true : undefined}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className="h-7 min-w-0 flex-1 rounded border border-neutral-300 bg-white px-2 text-xs dark:border-neutral-700 dark:bg-neutral-950"
      />
      <span className="text-[11px] text-neutral-600 tabular-nums dark:text-neutral-400">
        {problem || `${length}/${MAX_ITEM_NAME}`}
      </span>
      <Button type="submit" size="sm" variant="secondary" disabled={Boolean(problem)}>
        Upload
      </Button>
    </form>
  );
}
