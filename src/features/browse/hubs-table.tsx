import { Link } from 'react-router-dom';
import type { Hub } from '../../../contracts/data-management';
import { CopyButton } from '../../components/ui/copy-button';
import { BuildingIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/spinner';
import { hubTypeLabel, regionLabel } from './hub-labels';
import { hubPath } from './places';

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
          Type
        </th>
        <th scope="col" className={HEAD}>
          Region
        </th>
        <th scope="col" className={`${HEAD} pr-6`}>
          Hub ID
        </th>
      </tr>
    </thead>
  );
}

export function HubsTable({ hubs }: { hubs: Hub[] }) {
  return (
    <table aria-label="Hubs" className="w-full border-separate border-spacing-0 text-sm">
      <TableHead />
      <tbody>
        {hubs.map((hub) => (
          <tr key={hub.id} className="group hover:bg-neutral-50 dark:hover:bg-neutral-900">
            <th scope="row" className={`${CELL} pl-6 text-left font-medium text-neutral-900 dark:text-neutral-100`}>
              <span className="flex min-w-0 items-center gap-2">
                <BuildingIcon className="size-4 shrink-0 text-neutral-400" />
                <Link
                  to={hubPath(hub.id)}
                  className="truncate hover:underline focus-visible:outline-2 focus-visible:outline-accent-500"
                >
                  {hub.attributes.name}
                </Link>
              </span>
            </th>
            <td className={`${CELL} text-neutral-600 dark:text-neutral-300`}>
              <span title={hub.attributes.extension.type}>{hubTypeLabel(hub.attributes.extension.type)}</span>
            </td>
            <td className={`${CELL} text-neutral-600 dark:text-neutral-300`}>
              <span className="inline-flex items-center gap-1.5">
                {regionLabel(hub.attributes.region)}
                <span className="rounded bg-neutral-100 px-1 font-mono text-[10px] text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
                  {hub.attributes.region}
                </span>
              </span>
            </td>
            <td className={`${CELL} pr-6`}>
              <span className="flex items-center gap-1">
                <code
                  className="max-w-56 truncate font-mono text-xs text-neutral-500 dark:text-neutral-400"
                  title={hub.id}
                >
                  {hub.id}
                </code>
                <CopyButton value={hub.id} label={`ID of ${hub.attributes.name}`} />
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The table's own shape while hubs load, so nothing jumps when they arrive. */
export function HubsTableSkeleton({ rows = 4, label = 'Loading hubs…' }: { rows?: number; label?: string }) {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      <table aria-hidden="true" className="w-full border-separate border-spacing-0 text-sm">
        <TableHead />
        <tbody>
          {Array.from({ length: rows }, (_, index) => (
            <tr key={index}>
              <td className={`${CELL} pl-6`}>
                <span className="flex items-center gap-2">
                  <Skeleton className="size-4" />
                  <Skeleton className="h-3 w-40" />
                </span>
              </td>
              <td className={CELL}>
                <Skeleton className="h-3 w-20" />
              </td>
              <td className={CELL}>
                <Skeleton className="h-3 w-24" />
              </td>
              <td className={`${CELL} pr-6`}>
                <Skeleton className="h-3 w-36" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
