import { useId, useState } from 'react';
import { describeError } from '../../api/describe-error';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/modal-dialog';

interface NameDialogProps {
  title: string;
  label: string;
  initial: string;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  /** Why a name cannot be used here though it is well formed (another entry has it); null when it can. */
  clash?: (name: string) => string | null;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

const RESERVED = /[<>:"/\\|?*'$¢™®]/;
const hasControl = (text: string) => [...text].some((char) => char.charCodeAt(0) < 0x20);

/** Asks for a name (a new folder's, or a new one for a row); the service's refusal shows in place. */
export function NameDialog({
  title,
  label,
  initial,
  submitLabel,
  busy,
  error,
  clash,
  onSubmit,
  onCancel,
}: NameDialogProps) {
  const id = useId();
  const [name, setName] = useState(initial);
  const trimmed = name.trim();
  const problem =
    RESERVED.test(trimmed) || hasControl(trimmed)
      ? 'A name cannot contain < > : " / \\ | ? * \' $ ¢ ™ ® or control characters.'
      : trimmed.length > 255
        ? 'A name is at most 255 characters.'
        : (clash?.(trimmed) ?? null);
  return (
    <ModalDialog title={title} onCancel={onCancel}>
      <form
        method="dialog"
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed && !problem && !busy) onSubmit(trimmed);
        }}
      >
        <label htmlFor={id} className="block text-sm">
          {label}
        </label>
        <input
          id={id}
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoFocus
          onFocus={(event) => {
            // The name without its extension is what one usually retypes.
            const dot = event.target.value.lastIndexOf('.');
            event.target.setSelectionRange(0, dot > 0 ? dot : event.target.value.length);
          }}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="h-8 w-full rounded-md border border-neutral-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-neutral-700 dark:bg-neutral-950"
        />
        {problem && (
          <p id={`${id}-problem`} className="text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
        {error !== null && error !== undefined && (
          <Alert tone="danger" title="The service refused">
            {describeError(error).message}
          </Alert>
        )}
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={busy} disabled={!trimmed || Boolean(problem)}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
