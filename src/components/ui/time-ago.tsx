import { formatDateTime, formatTimeAgo } from '../../lib/time';

/** When something happened, in words ("3 hours ago", never in the future), with the exact time on hover. */
export function TimeAgo({ at, now, className }: { at: number; now: number; className?: string }) {
  if (!Number.isFinite(at)) return <span aria-label="Unknown time">—</span>;
  return (
    <time dateTime={new Date(at).toISOString()} title={formatDateTime(at)} className={className}>
      {formatTimeAgo(at, now)}
    </time>
  );
}
