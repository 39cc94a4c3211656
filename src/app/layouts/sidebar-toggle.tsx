import { PanelLeftIcon } from '../../components/ui/icons';
import { useSidebarActions, useSidebarOpen } from './sidebar-store';

const WIDE = '(min-width: 48rem)';

/** Shows or hides the sidebar; below tablet width it starts hidden. */
export function SidebarToggle() {
  const open = useSidebarOpen();
  const { sidebarToggled } = useSidebarActions();
  const wide = () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches;
  const shown = open ?? wide();
  return (
    <button
      type="button"
      aria-controls="sidebar"
      aria-expanded={shown}
      aria-label={shown ? 'Hide sidebar' : 'Show sidebar'}
      onClick={() => sidebarToggled(wide())}
      className="-ml-1 flex size-8 items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800 focus-visible:outline-2 focus-visible:outline-accent-500 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100"
    >
      <PanelLeftIcon className="size-4" />
    </button>
  );
}
