import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ModalDialogProps {
  title: ReactNode;
  /** Escape, and whatever the dialog offers to back out. */
  onCancel: () => void;
  /** The id of the element that says what the dialog is about, for screen readers. */
  describedBy?: string;
  children: ReactNode;
}

/**
 * A modal shown while mounted. The native <dialog> opened with showModal() traps focus, closes on
 * Escape and gives focus back to the opener, so none of that is rebuilt here.
 */
export function ModalDialog({ title, onCancel, describedBy, children }: ModalDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);

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

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-full max-w-md rounded-lg border border-neutral-200 bg-white p-5 text-neutral-800 shadow-xl backdrop:bg-neutral-950/40 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <h2 id={`${id}-title`} className="mb-3 text-base font-semibold text-neutral-900 dark:text-neutral-50">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
