import { CopyButton } from '../../components/ui/copy-button';

/** An id in full where there is room (cut short with the whole on hover where not), always with its copy button. */
export function IdWithCopy({ id, label }: { id: string; label: string }) {
  return (
    <span className="inline-flex max-w-full min-w-0 items-center gap-1 align-middle">
      <code className="truncate font-mono text-xs text-neutral-600 dark:text-neutral-400" title={id}>
        {id}
      </code>
      <CopyButton value={id} label={label} className="shrink-0" />
    </span>
  );
}
