import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import { AlertIcon, InfoIcon } from './icons';

type Tone = 'info' | 'warning' | 'danger';

const TONES: Record<Tone, string> = {
  info: 'border-accent-200 bg-accent-50 text-accent-900 dark:border-accent-900 dark:bg-accent-950/50 dark:text-accent-100',
  warning: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-100',
  danger: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100',
};

export function Alert({ tone = 'info', title, children }: { tone?: Tone; title?: string; children?: ReactNode }) {
  const Icon = tone === 'info' ? InfoIcon : AlertIcon;
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cx('flex gap-2.5 rounded-md border px-3 py-2.5 text-sm', TONES[tone])}
    >
      <Icon className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 space-y-0.5">
        {title && <p className="font-medium">{title}</p>}
        {children && <div className="opacity-90">{children}</div>}
      </div>
    </div>
  );
}
