import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Brand } from '../../components/ui/brand';
import { ServerIcon, SettingsIcon } from '../../components/ui/icons';
import { ThemeToggle } from '../../components/ui/theme-toggle';
import { UserMenu } from '../../features/auth/user-menu';
import { folderPath, hubPath, itemPath, projectPath } from '../../features/browse/places';
import { PaletteHost } from '../../features/palette/palette-host';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { SETTINGS_PATH } from '../settings-path';
import { currentPlace } from './current-place';
import { SidebarToggle } from './sidebar-toggle';

// The job centre's indicator and watchers load just after the first screen: they are not needed to
// draw it, and the first screen's JavaScript has a budget.
const RunsIndicator = lazy(() =>
  import('../../features/automation/runs-indicator').then((module) => ({ default: module.RunsIndicator })),
);
const JobsIndicator = lazy(() =>
  import('../../features/translate/jobs-indicator').then((module) => ({ default: module.JobsIndicator })),
);

const PALETTE_PATHS = { hub: hubPath, project: projectPath, folder: folderPath, item: itemPath };

export function TopBar() {
  const { platformName, platformUrl } = useRuntimeConfig();
  const place = currentPlace(useLocation());
  return (
    <header className="flex h-12 shrink-0 items-center gap-4 border-b border-neutral-200 bg-white px-4 dark:border-neutral-800 dark:bg-neutral-950">
      <SidebarToggle />
      {/* On a phone the mark stands alone, so the platform in use keeps its room. */}
      <span className="shrink-0 whitespace-nowrap max-sm:[&>span>span:last-child]:sr-only">
        <Brand />
      </span>
      <div
        aria-label={`Platform: ${platformName}, ${platformUrl}`}
        role="group"
        className="flex min-w-0 items-center gap-2 rounded-md border border-neutral-200 px-2 py-1 text-xs dark:border-neutral-800"
      >
        <ServerIcon className="size-3.5 shrink-0 text-neutral-400" />
        <span className="truncate font-medium text-neutral-700 dark:text-neutral-200">{platformName}</span>
        <span className="hidden truncate font-mono text-neutral-500 md:inline dark:text-neutral-400">
          {platformUrl}
        </span>
      </div>
      <div className="ml-auto flex items-center gap-1">
        <PaletteHost place={place} paths={PALETTE_PATHS} />
        <Suspense fallback={<span className="size-8" />}>
          <JobsIndicator />
        </Suspense>
        <Suspense fallback={null}>
          <RunsIndicator />
        </Suspense>
        <Link
          to={SETTINGS_PATH}
          aria-label="Settings: change the platform"
          title="Settings"
          className="flex size-8 items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800 focus-visible:outline-2 focus-visible:outline-accent-500 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100"
        >
          <SettingsIcon className="size-4" />
        </Link>
        <ThemeToggle />
        <UserMenu />
      </div>
    </header>
  );
}
