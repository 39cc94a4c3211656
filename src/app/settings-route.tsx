import { Link } from 'react-router-dom';
import { Brand } from '../components/ui/brand';
import { ThemeToggle } from '../components/ui/theme-toggle';
import { sessionActions } from '../features/auth/session-store';
import { SettingsPage } from '../features/settings/settings-page';

/** Settings in a frame of its own, so it works signed in or out. */
export function SettingsRoute() {
  const platformChanged = () => {
    // The session's tokens belong to the old platform; the app restarts to read the new config.
    sessionActions.signedOut();
    window.location.assign('/');
  };
  return (
    <div className="min-h-dvh bg-white text-neutral-900 dark:bg-neutral-950 dark:text-neutral-100">
      <header className="flex h-12 items-center gap-4 border-b border-neutral-200 px-4 dark:border-neutral-800">
        <Link to="/" aria-label="Design Data Manager, home">
          <Brand />
        </Link>
        <div className="ml-auto">
          <ThemeToggle />
        </div>
      </header>
      <SettingsPage onPlatformChanged={platformChanged} />
    </div>
  );
}
