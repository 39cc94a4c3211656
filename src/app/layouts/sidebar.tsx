import { NavLink, useLocation } from 'react-router-dom';
import { BoxIcon, BuildingIcon, ListChecksIcon, ServerIcon, SettingsIcon } from '../../components/ui/icons';
import { AUTOMATION_PATH } from '../../features/automation/paths';
import { HubTree } from '../../features/browse/hub-tree';
import { BUCKETS_PATH } from '../../features/buckets/bucket-paths';
import { REQUESTS_PATH } from '../../features/requests/request-paths';
import { WEBHOOKS_PAGE_PATH } from '../../features/webhooks/paths';
import { WebhookIcon } from '../../features/webhooks/webhook-icon';
import { cx } from '../../lib/class-names';
import { useHasRequestLog } from '../has-request-log';
import { SETTINGS_PATH } from '../settings-path';
import { currentPlace } from './current-place';
import { useSidebarOpen } from './sidebar-store';

const link = ({ isActive }: { isActive: boolean }) =>
  cx(
    'flex h-8 items-center gap-2 rounded-md px-2 text-sm focus-visible:outline-2 focus-visible:outline-accent-500',
    isActive
      ? 'bg-white font-medium text-neutral-900 shadow-xs ring-1 ring-neutral-200 dark:bg-neutral-800 dark:text-neutral-50 dark:ring-neutral-700'
      : 'text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800',
  );

/** The hub list, the tree of hubs, projects and folders beside every page, the buckets, and the settings. */
export function Sidebar() {
  const open = useSidebarOpen();
  const hasRequestLog = useHasRequestLog();
  const place = currentPlace(useLocation());
  const visibility = open === null ? 'hidden md:flex' : open ? 'flex' : 'hidden';
  return (
    <nav
      id="sidebar"
      aria-label="Main"
      className={cx(
        visibility,
        // Below tablet width an opened sidebar lies over the page rather than squeezing it.
        'w-64 shrink-0 flex-col border-r border-neutral-200 bg-neutral-50 max-md:absolute max-md:inset-y-12 max-md:left-0 max-md:z-30 max-md:shadow-lg dark:border-neutral-800 dark:bg-neutral-900 md:dark:bg-neutral-900/40',
      )}
    >
      <div className="min-h-0 flex-1 overflow-auto p-2">
        <p className="px-2 pt-1 pb-1.5 text-[11px] font-medium tracking-wide text-neutral-500 uppercase dark:text-neutral-400">
          Browse
        </p>
        <NavLink to="/hubs" end className={link}>
          <BuildingIcon className="size-4 text-neutral-400" />
          All hubs
        </NavLink>
        <div className="mt-1">
          <HubTree place={place} />
        </div>
        <p className="px-2 pt-3 pb-1.5 text-[11px] font-medium tracking-wide text-neutral-500 uppercase dark:text-neutral-400">
          Storage
        </p>
        <NavLink to={BUCKETS_PATH} className={link}>
          <BoxIcon className="size-4 text-neutral-400" />
          Buckets
        </NavLink>
        <p className="px-2 pt-3 pb-1.5 text-[11px] font-medium tracking-wide text-neutral-500 uppercase dark:text-neutral-400">
          Automation
        </p>
        <NavLink to={AUTOMATION_PATH} className={link}>
          <ListChecksIcon className="size-4 text-neutral-400" />
          Design Automation
        </NavLink>
        <NavLink to={WEBHOOKS_PAGE_PATH} className={link}>
          <WebhookIcon className="size-4 text-neutral-400" />
          Webhooks
        </NavLink>
        {hasRequestLog && (
          <NavLink to={REQUESTS_PATH} className={link}>
            <ServerIcon className="size-4 text-neutral-400" />
            Requests
          </NavLink>
        )}
      </div>
      <div className="border-t border-neutral-200 p-2 dark:border-neutral-800">
        <NavLink to={SETTINGS_PATH} className={link}>
          <SettingsIcon className="size-4 text-neutral-400" />
          Settings
        </NavLink>
      </div>
    </nav>
  );
}
