import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { describeError } from '../../api/describe-error';
import { groupIds, preferredAlias } from '../../api/design-automation/ids';
import { daQueries } from '../../api/design-automation/queries';
import { CopyButton } from '../../components/ui/copy-button';
import { ErrorState } from '../../components/ui/error-state';
import { Spinner } from '../../components/ui/spinner';
import { ActivityView } from './activity-view';
import { HEADER_LINK, Panel } from './automation-page';
import { ItemAdmin } from './item-admin';
import { AUTOMATION_PATH } from './paths';
import { RunForm } from './run-form';
import { runStore } from './run-store';

/** `/automation/activities/:owner/:name`: the definition, its versions and aliases, and the run form (`?run=1`). */
export function ActivityPage() {
  const { owner = '', name = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const nickname = useQuery(daQueries.nickname());
  const ids = useQuery(daQueries.ids('activities'));
  const listed = ids.data ? groupIds(ids.data).find((item) => item.owner === owner && item.name === name) : undefined;
  const alias = search.get('alias') ?? (listed ? (preferredAlias(listed.aliases) ?? '$LATEST') : undefined);
  const details = useQuery({
    ...daQueries.details('activities', owner, name, alias ?? ''),
    enabled: alias !== undefined,
  });
  const again = search.get('again');
  const initialChoices = again ? runStore.getState().runs.find((run) => run.id === again)?.choices : undefined;
  const running = search.get('run') === '1' || again !== null;
  const activityId = `${owner}.${name}+${alias ?? ''}`;

  return (
    <section aria-labelledby="activity-heading" className="flex min-h-0 flex-1 flex-col overflow-auto">
      <header className="flex flex-wrap items-center gap-3 border-b border-neutral-200 px-6 py-3 dark:border-neutral-800">
        <div className="min-w-0">
          <p className="text-xs">
            <Link to={AUTOMATION_PATH} className="hover:underline">
              Automation
            </Link>{' '}
            / activities
          </p>
          <h1 id="activity-heading" className="text-base font-semibold">
            {name}
          </h1>
          <p className="flex items-center gap-1 font-mono text-xs text-neutral-600 dark:text-neutral-400">
            {activityId}
            <CopyButton value={activityId} label="Copy the activity id" />
          </p>
        </div>
        {!running && alias && alias !== '$LATEST' && (
          <button type="button" className={`ml-auto ${HEADER_LINK}`} onClick={() => setSearch({ run: '1' })}>
            Run
          </button>
        )}
      </header>
      {ids.isError || details.isError ? (
        <ErrorState
          title="Couldn't load this activity"
          {...describeError(ids.error ?? details.error)}
          onRetry={() => void details.refetch()}
        />
      ) : ids.data && !listed ? (
        <ErrorState
          title="No such activity"
          message={`${owner}.${name} is neither this app's nor shared with it. It may have been deleted.`}
        />
      ) : !details.data ? (
        <p className="flex items-center gap-2 p-6 text-sm text-neutral-500">
          <Spinner /> Loading…
        </p>
      ) : (
        <div className="grid gap-4 p-4 sm:p-6 xl:grid-cols-2">
          {running && (
            <Panel title="Run" id="run-heading">
              <div className="p-4">
                {alias === '$LATEST' ? (
                  <p className="text-sm">
                    Workitems name an activity by an alias, and $LATEST may not be used: give this activity an alias
                    below to run it.
                  </p>
                ) : (
                  <>
                    {details.data.engine.startsWith('Autodesk.') && (
                      <p
                        role="note"
                        className="mb-3 rounded-md bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
                      >
                        {details.data.engine} is Autodesk's engine and does not run on this local platform: a run ends
                        as failedInstructions. Run it on Autodesk Platform Services, or use a Local.* engine.
                      </p>
                    )}
                    <RunForm
                      key={again ?? 'new'}
                      activityId={activityId}
                      activity={details.data}
                      initialChoices={initialChoices}
                    />
                  </>
                )}
              </div>
            </Panel>
          )}
          <Panel title="Definition" id="definition-heading">
            <ActivityView activity={details.data} />
          </Panel>
          {nickname.data === owner && (
            <Panel title="Versions and aliases" id="versions-heading">
              <ItemAdmin kind="activities" owner={owner} name={name} />
            </Panel>
          )}
        </div>
      )}
    </section>
  );
}
