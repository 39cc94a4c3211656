import { useEffect } from 'react';
import { cx } from '../../lib/class-names';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons';
import { useToastActions, useToasts, type Toast } from './toast-store';

const LIFETIME_MS: Record<Toast['tone'], number> = { info: 5000, success: 5000, error: 10000 };

const ICONS = {
  info: <InfoIcon className="size-4 text-accent-600 dark:text-accent-400" />,
  success: <CheckIcon className="size-4 text-green-600 dark:text-green-400" />,
  error: <AlertIcon className="size-4 text-red-600 dark:text-red-400" />,
};

export function ToastViewport() {
  const toasts = useToasts();
  // `--upload-panel-height` is set while the uploads panel shows, so toasts stack above it, not over it.
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed right-4 bottom-[calc(var(--upload-panel-height,0px)+1rem)] z-50 w-80"
    >
      <div role="status" aria-live="polite">
        <ol className="flex flex-col gap-2">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
        </ol>
      </div>
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const { toastDismissed } = useToastActions();

  // A toast that offers something to do stays long enough to do it.
  const lifetime = toast.action ? LIFETIME_MS.error : LIFETIME_MS[toast.tone];
  useEffect(() => {
    const timer = setTimeout(() => toastDismissed(toast.id), lifetime);
    return () => clearTimeout(timer);
  }, [toast.id, lifetime, toastDismissed]);

  return (
    <li
      className={cx(
        'pointer-events-auto flex gap-2.5 rounded-lg border bg-white p-3 text-sm shadow-lg',
        'border-neutral-200 dark:border-neutral-800 dark:bg-neutral-900',
      )}
    >
      <span className="mt-0.5 shrink-0">{ICONS[toast.tone]}</span>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-neutral-900 dark:text-neutral-100">{toast.title}</p>
        {toast.message && <p className="mt-0.5 text-neutral-600 dark:text-neutral-400">{toast.message}</p>}
      </div>
      {toast.action && (
        <button
          type="button"
          onClick={() => {
            toast.action?.run();
            toastDismissed(toast.id);
          }}
          className="-my-1 shrink-0 self-center rounded px-2 py-1 font-medium text-accent-700 hover:bg-accent-50 dark:text-accent-300 dark:hover:bg-accent-950"
        >
          {toast.action.label}
        </button>
      )}
      <button
        type="button"
        onClick={() => toastDismissed(toast.id)}
        aria-label="Dismiss notification"
        className="-m-1 flex size-6 shrink-0 items-center justify-center rounded text-neutral-400 hover:bg-neutral-100 hover:text-neutral-700 dark:hover:bg-neutral-800 dark:hover:text-neutral-200"
      >
        <CloseIcon className="size-3.5" />
      </button>
    </li>
  );
}
