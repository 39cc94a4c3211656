import type { ReactNode } from 'react';
import type { TranslationStatus } from '../../../contracts/model-derivative';
import { cx } from '../../lib/class-names';

export type PillTone = 'neutral' | 'accent' | 'success' | 'danger' | 'warning';

const TONES: Record<PillTone, string> = {
  neutral: 'bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200',
  accent: 'bg-accent-50 text-accent-800 dark:bg-accent-950 dark:text-accent-200',
  success: 'bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200',
  danger: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
  warning: 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
};

/** A translation's status at a glance, the same in the job centre and the manifest. */
export const TRANSLATION_TONE: Record<TranslationStatus, PillTone> = {
  pending: 'neutral',
  inprogress: 'accent',
  success: 'success',
  failed: 'danger',
  timeout: 'warning',
};

/** A short state in words on a tinted background: the tone says good, bad or busy at a glance. */
export function StatusPill({ tone, children }: { tone: PillTone; children: ReactNode }) {
  return <span className={cx('rounded px-1.5 py-0.5 text-xs font-medium', TONES[tone])}>{children}</span>;
}
