import { useId, useState, type ReactNode } from 'react';
import { Button } from './button';
import { ModalDialog } from './modal-dialog';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** When set, the confirm button stays disabled until this exact text is typed. */
  typeToConfirm?: string;
  busy?: boolean;
  error?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal confirmation for destructive actions. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  typeToConfirm,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const id = useId();
  const [typed, setTyped] = useState('');

  const ready = typeToConfirm === undefined || typed === typeToConfirm;
  return (
    <ModalDialog title={title} onCancel={onCancel}>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !busy) onConfirm();
        }}
        className="space-y-3"
      >
        <div className="text-sm">{children}</div>
        {typeToConfirm !== undefined && (
          <div className="space-y-1">
            <label htmlFor={`${id}-typed`} className="block text-sm">
              Type <code className="font-mono font-semibold">{typeToConfirm}</code> to confirm
            </label>
            <input
              id={`${id}-typed`}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoFocus
              autoComplete="off"
              spellCheck={false}
              className="h-8 w-full rounded-md border border-neutral-300 bg-white px-2 font-mono text-sm focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-neutral-700 dark:bg-neutral-950"
            />
          </div>
        )}
        {error}
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={busy} disabled={!ready}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
