import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';

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

/**
 * A modal confirmation for destructive actions. The native <dialog> opened with showModal() traps
 * focus, closes on Escape and gives focus back to the opener, so none of that is rebuilt here.
 */
export function ConfirmDialog({ title, children, confirmLabel, typeToConfirm, busy = false, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState('');

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    // jsdom lacks showModal; there the dialog is simply shown open, without the modal behaviour.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.open = true;
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
    };
  }, []);

  const ready = typeToConfirm === undefined || typed === typeToConfirm;
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-full max-w-md rounded-lg border border-neutral-200 bg-white p-5 text-neutral-800 shadow-xl backdrop:bg-neutral-950/40 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !busy) onConfirm();
        }}
        className="space-y-3"
      >
        <h2 id={`${id}-title`} className="text-base font-semibold text-neutral-900 dark:text-neutral-50">
          {title}
        </h2>
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
    </dialog>
  );
}
