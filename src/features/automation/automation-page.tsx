import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { describeError } from '../../api/describe-error';
import { groupIds, splitByOwner } from '../../api/design-automation/ids';
import { daQueries } from '../../api/design-automation/queries';
import type { DaKind } from '../../api/design-automation/requests';
import { ErrorState } from '../../components/ui/error-state';
import { Spinner } from '../../components/ui/spinner';
import { EnginesList } from './engines-list';
import { ItemList } from './item-list';
import { NEW_ACTIVITY_PATH, NEW_APPBUNDLE_PATH, RUNS_PATH } from './paths';

export const HEADER_LINK =
  'rounded-md border border-neutral-300 px-2.5 py-1 text-xs font-medium hover:bg-neutral-50 dark:border-neutral-700 dark:hover:bg-neutral-800';

export function Panel({
  title,
  id,
  children,
  action,
}: {
  title: string;
  id: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-neutral-200 dark:border-neutral-800">
      <header className="flex items-center gap-2 border-b border-neutral-200 px-4 py-2 dark:border-neutral-800">
        <h2 id={id} className="text-sm font-semibold">
          {title}
        </h2>
        <div className="ml-auto">{action}</div>
      </header>
      {children}
    </section>
  );
}

function OwnedAndShared({ kind, owner }: { kind: DaKind; owner: string }) {
  const ids = useQuery(daQueries.ids(kind));
  const noun = kind === 'activities' ? 'activities' : 'appbundles';
  if (ids.isPending)
    return (
      <p className="flex items-center gap-2 px-4 py-3 text-sm text-neutral-500">
        <Spinner /> Loading {noun}…
      </p>
    );
  if (ids.isError)
    return (
      <ErrorState title={`Couldn't load ${noun}`} {...describeError(ids.error)} onRetry={() => void ids.refetch()} />
    );
  const { owned, shared } = splitByOwner(groupIds(ids.data), owner);
  return (
    <>
      <h3 className="px-4 pt-3 text-xs font-medium tracking-wide text-neutral-500 uppercase dark:text-neutral-400">
        Owned
      </h3>
      <ItemList kind={kind} items={owned} label={`Owned ${noun}`} empty={`This app owns no ${noun} yet.`} />
      <h3 className="px-4 pt-3 text-xs font-medium tracking-wide text-neutral-500 uppercase dark:text-neutral-400">
        Shared with this app
      </h3>
      <ItemList kind={kind} items={shared} label={`Shared ${noun}`} empty={`No ${noun} are shared with this app.`} />
    </>
  );
}

/** `/automation`: the app's Design Automation name, engines, appbundles and activities. */
export function AutomationPage() {
  const nickname = useQuery(daQueries.nickname());
  return (
    <section aria-labelledby="automation-heading" className="flex min-h-0 flex-1 flex-col overflow-auto">
      <header className="flex flex-wrap items-center gap-3 border-b border-neutral-200 px-6 py-3 dark:border-neutral-800">
        <div className="min-w-0">
          <h1 id="automation-heading" className="text-base font-semibold">
            Automation
          </h1>
          <p className="text-xs text-neutral-600 dark:text-neutral-400">
            Design Automation: programs (appbundles) that activities run on your files.{' '}
            {nickname.data && (
              <>
                This app's name: <span className="font-mono">{nickname.data}</span>
              </>
            )}
          </p>
        </div>
        <div className="ml-auto flex gap-2">
          <Link to={RUNS_PATH} className={HEADER_LINK}>
            Runs
          </Link>
          <Link to={NEW_APPBUNDLE_PATH} className={HEADER_LINK}>
            New appbundle
          </Link>
          <Link to={NEW_ACTIVITY_PATH} className={HEADER_LINK}>
            New activity
          </Link>
        </div>
      </header>
      {nickname.isError ? (
        <ErrorState
          title="Couldn't reach Design Automation"
          {...describeError(nickname.error)}
          onRetry={() => void nickname.refetch()}
        />
      ) : (
        <div className="grid gap-4 p-4 sm:p-6 xl:grid-cols-2">
          <Panel title="Activities" id="activities-heading">
            {nickname.data ? (
              <OwnedAndShared kind="activities" owner={nickname.data} />
            ) : (
              <p className="px-4 py-3 text-sm text-neutral-500">Loading…</p>
            )}
          </Panel>
          <Panel title="Appbundles" id="appbundles-heading">
            {nickname.data ? (
              <OwnedAndShared kind="appbundles" owner={nickname.data} />
            ) : (
              <p className="px-4 py-3 text-sm text-neutral-500">Loading…</p>
            )}
          </Panel>
          <Panel title="Engines" id="engines-heading">
            <EnginesList />
          </Panel>
        </div>
      )}
    </section>
  );
}
