import { Link } from 'react-router-dom';
import type { BucketSummary } from '../../../contracts/oss';
import { CopyButton } from '../../components/ui/copy-button';
import { BoxIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/spinner';
import { useNow } from '../../lib/time';
import { TimeAgo } from '../../components/ui/time-ago';
import { bucketPath } from './bucket-paths';
import { POLICY_LABELS } from './bucket-policies';

const HEAD =
  'sticky top-0 z-10 h-8 border-b border-neutral-200 bg-neutral-50/95 px-3 text-left text-xs font-medium text-neutral-500 backdrop-blur dark:border-neutral-800 dark:bg-neutral-900/95 dark:text-neutral-400';
const CELL = 'h-9 border-b border-neutral-100 px-3 dark:border-neutral-800/70';

function TableHead() {
  return (
    <thead>
      <tr>
        <th scope="col" className={`${HEAD} pl-6`}>
          Name
        </th>
        <th scope="col" className={HEAD}>
          Retention
        </th>
        <th scope="col" className={HEAD}>
          Created
        </th>
        <th scope="col" className={`${HEAD} pr-6 text-right`}>
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  );
}

export function BucketsTable({
  buckets,
  onDelete,
}: {
  buckets: BucketSummary[];
  onDelete: (bucketKey: string) => void;
}) {
  const now = useNow();
  return (
    <table aria-label="Buckets" className="w-full border-separate border-spacing-0 text-sm">
      <TableHead />
      <tbody>
        {buckets.map((bucket) => (
          <tr key={bucket.bucketKey} className="group hover:bg-neutral-50 dark:hover:bg-neutral-900">
            <th scope="row" className={`${CELL} pl-6 text-left font-medium text-neutral-900 dark:text-neutral-100`}>
              <span className="flex min-w-0 items-center gap-2">
                <BoxIcon className="size-4 shrink-0 text-neutral-400" />
                <Link
                  to={bucketPath(bucket.bucketKey)}
                  className="truncate font-mono hover:underline focus-visible:outline-2 focus-visible:outline-accent-500"
                >
                  {bucket.bucketKey}
                </Link>
                <CopyButton value={bucket.bucketKey} label={`name of ${bucket.bucketKey}`} />
              </span>
            </th>
            <td
              className={`${CELL} text-neutral-600 dark:text-neutral-300`}
              title={POLICY_LABELS[bucket.policyKey].description}
            >
              {POLICY_LABELS[bucket.policyKey].title}
            </td>
            <td className={`${CELL} text-neutral-600 tabular-nums dark:text-neutral-300`}>
              <TimeAgo at={bucket.createdDate} now={now} />
            </td>
            <td className={`${CELL} pr-6 text-right`}>
              <button
                type="button"
                onClick={() => onDelete(bucket.bucketKey)}
                className="rounded px-2 py-1 text-xs text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-accent-500 dark:text-red-300 dark:hover:bg-red-950/50"
              >
                Delete<span className="sr-only"> bucket {bucket.bucketKey}</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The table's own shape while buckets load, so nothing jumps when they arrive. */
export function BucketsTableSkeleton() {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        Loading buckets…
      </p>
      <table aria-hidden="true" className="w-full border-separate border-spacing-0 text-sm">
        <TableHead />
        <tbody>
          {Array.from({ length: 4 }, (_, index) => (
            <tr key={index}>
              <td className={`${CELL} pl-6`}>
                <Skeleton className="h-3 w-40" />
              </td>
              <td className={CELL}>
                <Skeleton className="h-3 w-20" />
              </td>
              <td className={CELL}>
                <Skeleton className="h-3 w-24" />
              </td>
              <td className={`${CELL} pr-6`} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
