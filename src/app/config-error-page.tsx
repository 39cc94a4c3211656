import { APP_CONFIG_PATH } from '../../contracts/app-config';
import { Button } from '../components/ui/button';
import { AlertIcon } from '../components/ui/icons';
import { ConfigLoadError } from '../lib/runtime-config';
import { FullPageMessage } from './full-page-message';

/** Shown instead of the app when it cannot learn which platform to talk to. */
export function ConfigErrorPage({ error }: { error: unknown }) {
  const reason = error instanceof Error ? error.message : String(error);
  const status = error instanceof ConfigLoadError && error.status !== null ? ` (status ${error.status})` : '';
  return (
    <FullPageMessage>
      <section
        role="alert"
        className="rounded-xl border border-neutral-200 bg-white p-6 shadow-sm dark:border-neutral-800 dark:bg-neutral-900"
      >
        <div className="flex items-center gap-2 text-red-600 dark:text-red-400">
          <AlertIcon className="size-5" />
          <h1 className="text-base font-semibold text-neutral-900 dark:text-neutral-50">
            This app needs a platform to talk to
          </h1>
        </div>
        <p className="mt-3 text-sm text-neutral-600 dark:text-neutral-300">
          Design Data Manager reads <code className="font-mono text-xs">{APP_CONFIG_PATH}</code> when it starts to learn
          which platform to use, and could not read it. The usual fix is to start the app together with the local
          platform:
        </p>
        <pre className="mt-3 rounded-md bg-neutral-900 px-3 py-2 font-mono text-sm text-neutral-100 dark:bg-black">
          npm start
        </pre>
        <p className="mt-3 text-sm text-neutral-600 dark:text-neutral-300">Then reload this page.</p>
        <p className="mt-3 text-xs text-neutral-500 dark:text-neutral-400">
          What happened: {reason}
          {status}
        </p>
        <Button variant="primary" className="mt-5" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </section>
    </FullPageMessage>
  );
}
