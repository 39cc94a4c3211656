import type { TranslationStatus } from '../../../contracts/model-derivative';
import { cx } from '../../lib/class-names';

const TEXT: Record<TranslationStatus, string> = { pending: 'Waiting', inprogress: 'In progress', success: 'Success', failed: 'Failed', timeout: 'Timed out' };
const TONE: Record<TranslationStatus, string> = {
  pending: 'bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200',
  inprogress: 'bg-accent-50 text-accent-800 dark:bg-accent-950 dark:text-accent-200',
  success: 'bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200',
  failed: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
  timeout: 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
};

/** A node's status in words, with its progress while it runs. */
export function NodeStatus({ status, progress }: { status: TranslationStatus; progress?: string }) {
  const running = status === 'pending' || status === 'inprogress';
  return (
    <span className={cx('rounded px-1.5 py-0.5 text-xs font-medium', TONE[status])}>
      {TEXT[status]}
      {running && progress && progress !== 'complete' ? ` · ${progress}` : ''}
    </span>
  );
}
