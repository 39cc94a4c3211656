import type { TranslationStatus } from '../../../contracts/model-derivative';
import { StatusPill, TRANSLATION_TONE } from '../../components/ui/status-pill';

const STATUS_TEXT: Record<TranslationStatus, string> = {
  pending: 'Waiting',
  inprogress: 'Translating',
  success: 'Succeeded',
  failed: 'Failed',
  timeout: 'Timed out',
};

export function StatusBadge({ status }: { status: TranslationStatus }) {
  return <StatusPill tone={TRANSLATION_TONE[status]}>{STATUS_TEXT[status]}</StatusPill>;
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
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      className="h-1.5 w-full overflow-hidden rounded bg-neutral-100 dark:bg-neutral-800"
    >
      <div className="h-full bg-accent-500 transition-[width]" style={{ width: `${value}%` }} />
    </div>
  );
}
