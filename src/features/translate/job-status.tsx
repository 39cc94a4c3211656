import type { TranslationStatus } from '../../../contracts/model-derivative';
import { cx } from '../../lib/class-names';

const STATUS_TEXT: Record<TranslationStatus, string> = {
  pending: 'Waiting',
  inprogress: 'Translating',
  success: 'Succeeded',
  failed: 'Failed',
  timeout: 'Timed out',
};

const STATUS_TONE: Record<TranslationStatus, string> = {
  pending: 'bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200',
  inprogress: 'bg-accent-50 text-accent-800 dark:bg-accent-950 dark:text-accent-200',
  success: 'bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200',
  failed: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
  timeout: 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
};

export function StatusBadge({ status }: { status: TranslationStatus }) {
  return <span className={cx('rounded px-1.5 py-0.5 text-xs font-medium', STATUS_TONE[status])}>{STATUS_TEXT[status]}</span>;
}

/** "45% complete" → 45; "complete" → 100. */
export function percentOf(progress: string): number {
  if (progress === 'complete') return 100;
  const match = /(\d+)%/.exec(progress);
  return match ? Math.min(100, Number(match[1])) : 0;
}

/** 75 000 ms → "1 min 15 s". */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min ${seconds % 60} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export function ProgressBar({ progress, label }: { progress: string; label: string }) {
  const value = percentOf(progress);
  return (
    <div role="progressbar" aria-label={label} aria-valuenow={value} aria-valuemin={0} aria-valuemax={100} className="h-1.5 w-full overflow-hidden rounded bg-neutral-100 dark:bg-neutral-800">
      <div className="h-full bg-accent-500 transition-[width]" style={{ width: `${value}%` }} />
    </div>
  );
}
