import { useEffect, useState } from 'react';
import { cx } from '../../lib/class-names';
import { CheckIcon, CopyIcon } from './icons';

/** Copies `value` in one click and confirms it in place (and to screen readers through the label). */
export function CopyButton({ value, label, className }: { value: string; label: string; className?: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    navigator.clipboard.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <button
      type="button"
      onClick={copy}
      aria-label={copied ? `Copied ${label}` : `Copy ${label}`}
      title={copied ? 'Copied' : `Copy ${label}`}
      className={cx(
        'inline-flex size-6 items-center justify-center rounded text-neutral-400 hover:bg-neutral-100 hover:text-neutral-700',
        'focus-visible:outline-2 focus-visible:outline-accent-500 dark:hover:bg-neutral-800 dark:hover:text-neutral-200',
        className,
      )}
    >
      {copied ? (
        <CheckIcon className="size-3.5 text-green-600 dark:text-green-400" />
      ) : (
        <CopyIcon className="size-3.5" />
      )}
    </button>
  );
}
