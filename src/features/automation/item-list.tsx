import { Link } from 'react-router-dom';
import type { DaListedItem } from '../../api/design-automation/ids';
import { preferredAlias } from '../../api/design-automation/ids';
import type { DaKind } from '../../api/design-automation/requests';
import { activityPath, appBundlePath } from './paths';

const ALIAS =
  'rounded bg-neutral-100 px-1.5 py-0.5 font-mono text-[11px] text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200';

/** Appbundles or activities of one owner group, each with its aliases; an activity with an alias can be run from here. */
export function ItemList({
  kind,
  items,
  label,
  empty,
}: {
  kind: DaKind;
  items: DaListedItem[];
  label: string;
  empty: string;
}) {
  if (items.length === 0) return <p className="px-4 py-3 text-sm text-neutral-600 dark:text-neutral-400">{empty}</p>;
  const path = kind === 'activities' ? activityPath : appBundlePath;
  return (
    <ul aria-label={label} className="divide-y divide-neutral-100 dark:divide-neutral-800">
      {items.map((item) => {
        const runnable = kind === 'activities' && preferredAlias(item.aliases) !== undefined;
        return (
          <li
            key={`${item.owner}.${item.name}`}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm"
          >
            <Link to={path(item.owner, item.name)} className="font-medium hover:underline">
              {item.name}
            </Link>
            <span className="font-mono text-xs text-neutral-500 dark:text-neutral-400">{item.owner}</span>
            <span className="flex flex-wrap gap-1" aria-label={`Aliases of ${item.name}`}>
              {item.aliases.map((alias) => (
                <span key={alias} className={ALIAS}>
                  {alias}
                </span>
              ))}
            </span>
            {runnable && (
              <Link
                to={activityPath(item.owner, item.name, { run: true })}
                className="ml-auto rounded-md px-2 py-1 text-xs font-medium text-accent-700 hover:bg-accent-50 dark:text-accent-300 dark:hover:bg-neutral-800"
              >
                Run<span className="sr-only"> {item.name}</span>
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
