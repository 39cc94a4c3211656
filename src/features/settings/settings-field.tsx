import { useId } from 'react';
import { cx } from '../../lib/class-names';

interface SettingsFieldProps {
  name: string;
  label: string;
  defaultValue: string;
  hint?: string;
  required?: boolean;
  mono?: boolean;
}

export function SettingsField({ name, label, defaultValue, hint, required = false, mono = false }: SettingsFieldProps) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue}
        required={required}
        aria-describedby={hint ? `${id}-hint` : undefined}
        autoComplete="off"
        spellCheck={false}
        className={cx(
          'h-9 w-full rounded-md border border-neutral-300 bg-white px-2.5 text-sm focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-neutral-700 dark:bg-neutral-900',
          mono && 'font-mono text-xs',
        )}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-neutral-500 dark:text-neutral-400">
          {hint}
        </p>
      )}
    </div>
  );
}
