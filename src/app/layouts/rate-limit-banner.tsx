import { useState } from 'react';
import { useRateLimitWait, type RateLimitWait } from '../../api/rate-limit-status';
import { ClockIcon } from '../../components/ui/icons';
import { useNow } from '../../lib/time';

/**
 * Says when requests held back by a rate limit go out again, counting down, on every page: the
 * folder's rows and the tree stay as they are meanwhile, and loading carries on by itself. Screen
 * readers hear one sentence per wait (the live region is always there), not every second.
 */
export function RateLimitBanner() {
  const wait = useRateLimitWait();
  return (
    <div role="status" className="empty:hidden">
      {wait && <Notice key={`${wait.service}:${wait.until}:${wait.refused}`} wait={wait} />}
    </div>
  );
}

function Notice({ wait }: { wait: RateLimitWait }) {
  const now = useNow(1000);
  const [announced] = useState(() => sentence(wait, wait.until - Date.now(), 'seconds'));
  return (
    <div className="flex items-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-xs text-amber-900 sm:px-6 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-100">
      <ClockIcon className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">{announced}</span>
      <span aria-hidden="true" className="tabular-nums">
        {sentence(wait, wait.until - now, 's')}
      </span>
    </div>
  );
}

function sentence({ service, refused }: RateLimitWait, remainingMs: number, unit: 's' | 'seconds'): string {
  const seconds = Math.max(1, Math.ceil(remainingMs / 1000));
  const when = `${seconds}${unit === 's' ? ' s' : seconds === 1 ? ' second' : ' seconds'}`;
  return refused
    ? `${service}'s rate limit is reached: requests resume in ${when}. What is on screen stays, and loading continues by itself.`
    : `Keeping within ${service}'s rate limit: requests resume in ${when}. Loading continues by itself.`;
}
