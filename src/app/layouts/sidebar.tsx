import { NavLink } from 'react-router-dom';
import { BuildingIcon } from '../../components/ui/icons';
import { cx } from '../../lib/class-names';

/** The place the hub tree and Buckets will live; for now the way back to the hub list. */
export function Sidebar() {
  return (
    <nav aria-label="Main" className="hidden w-56 shrink-0 flex-col border-r border-neutral-200 bg-neutral-50 p-2 md:flex dark:border-neutral-800 dark:bg-neutral-900/40">
      <p className="px-2 pt-1 pb-1.5 text-[11px] font-medium tracking-wide text-neutral-500 uppercase dark:text-neutral-400">Browse</p>
      <NavLink
        to="/hubs"
        className={({ isActive }) =>
          cx(
            'flex h-8 items-center gap-2 rounded-md px-2 text-sm focus-visible:outline-2 focus-visible:outline-accent-500',
            isActive
              ? 'bg-white font-medium text-neutral-900 shadow-xs ring-1 ring-neutral-200 dark:bg-neutral-800 dark:text-neutral-50 dark:ring-neutral-700'
              : 'text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800',
          )
        }
      >
        <BuildingIcon className="size-4 text-neutral-400" />
        Hubs
      </NavLink>
    </nav>
  );
}
