import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cx } from '../../lib/class-names';

export const CONTROL =
  'w-full rounded-md border border-neutral-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-accent-500 aria-[invalid=true]:border-red-500 dark:border-neutral-700 dark:bg-neutral-950';

interface FieldProps {
  label: string;
  hint?: string;
  /** In words, next to the field; the field is marked invalid while there is one. */
  error?: string;
  mono?: boolean;
}

function FieldText({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-neutral-500 dark:text-neutral-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </>
  );
}

const describedBy = (id: string, hint?: string, error?: string) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

/** A labelled input with its hint and its error below it, both read with the field. */
export function TextField({
  label,
  hint,
  error,
  mono = false,
  className,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={cx('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={cx(CONTROL, 'h-8', mono && 'font-mono text-xs')}
        {...input}
      />
      <FieldText id={id} hint={hint} error={error} />
    </div>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  mono = true,
  className,
  ...area
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className={cx('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={cx(CONTROL, 'py-1.5', mono && 'font-mono text-xs')}
        {...area}
      />
      <FieldText id={id} hint={hint} error={error} />
    </div>
  );
}
