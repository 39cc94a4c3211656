import { Skeleton } from '../../components/ui/spinner';
import { cx } from '../../lib/class-names';
import { CELL, GRID_TEMPLATE, NARROW_HIDDEN, ROW_HEIGHT } from './grid-columns';

/** The grid's own shape while the first page loads, so nothing jumps when rows arrive. */
export function FolderGridSkeleton({
  rows = 8,
  label = 'Loading folder contents…',
}: {
  rows?: number;
  label?: string;
}) {
  return (
    <div aria-busy="true" className="min-h-0 flex-1 overflow-hidden">
      <p role="status" className="sr-only">
        {label}
      </p>
      <div aria-hidden="true">
        <div
          className={cx(
            GRID_TEMPLATE,
            'h-8 border-b border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900',
          )}
        />
        {Array.from({ length: rows }, (_, index) => (
          <div
            key={index}
            style={{ height: ROW_HEIGHT }}
            className={cx(GRID_TEMPLATE, 'border-b border-neutral-100 dark:border-neutral-800/70')}
          >
            <div className={cx(CELL, 'gap-2 pl-4')}>
              <Skeleton className="size-4" />
              <Skeleton className="h-3 w-40" />
            </div>
            <div className={cx(CELL, NARROW_HIDDEN)}>
              <Skeleton className="h-3 w-16" />
            </div>
            <div className={cx(CELL, 'justify-end')}>
              <Skeleton className="h-3 w-6" />
            </div>
            <div className={cx(CELL, 'justify-end')}>
              <Skeleton className="h-3 w-12" />
            </div>
            <div className={CELL}>
              <Skeleton className="h-3 w-20" />
            </div>
            <div className={cx(CELL, NARROW_HIDDEN)}>
              <Skeleton className="h-3 w-24" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
