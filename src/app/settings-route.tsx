import { Link } from 'react-router-dom';
import { Brand } from '../components/ui/brand';
import { ThemeToggle } from '../components/ui/theme-toggle';
import { sessionActions, useIsSignedIn } from '../features/auth/session-store';
import { AppLayout } from './layouts/app-layout';
import { SettingsPage } from '../features/settings/settings-page';

/** Settings in the app's shell when signed in, else in a frame of its own: a person whose platform is wrong cannot sign in to fix it. */
export function SettingsRoute() {
  const signedIn = useIsSignedIn();
  const platformChanged = () => {
    // The session's tokens belong to the old platform; the app restarts to read the new config.
    sessionActions.signedOut();
    window.location.assign('/');
  };
  if (signedIn) {
    return (
      <AppLayout>
        <div className="min-h-0 flex-1 overflow-auto">
          <SettingsPage onPlatformChanged={platformChanged} />
        </div>
      </AppLayout>
    );
  }
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
      <main>
        <SettingsPage onPlatformChanged={platformChanged} />
      </main>
    </div>
  );
}
