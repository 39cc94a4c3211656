import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { describeError, type ErrorDescription } from '../../api/describe-error';
import { groupIds, preferredAlias } from '../../api/design-automation/ids';
import { daMutations } from '../../api/design-automation/mutations';
import { daQueries } from '../../api/design-automation/queries';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { ErrorState } from '../../components/ui/error-state';
import { Spinner } from '../../components/ui/spinner';
import { Panel } from './automation-page';
import { ErrorDetails } from './error-details';
import { ItemAdmin } from './item-admin';
import { AUTOMATION_PATH } from './paths';
import { useBundleUpload } from './use-bundle-upload';
import { ZipDrop } from './zip-drop';

function NewVersion({ owner, name, engine }: { owner: string; name: string; engine: string }) {
  const [zip, setZip] = useState<File | null>(null);
  const [failure, setFailure] = useState<ErrorDescription | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const create = useMutation(daMutations.createAppBundleVersion(owner, name));
  const { progress, upload } = useBundleUpload();
  const queryClient = useQueryClient();
  async function submit() {
    if (!zip) return;
    setFailure(null);
    try {
      const bundle = await create.mutateAsync({ engine });
      await upload(bundle, zip);
      setDone(bundle.version);
      await queryClient.invalidateQueries({ queryKey: daQueries.itemScope('appbundles', owner, name) });
    } catch (error) {
      setFailure(describeError(error));
    }
  }
  return (
    <form
      className="space-y-2 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ZipDrop file={zip} onFile={setZip} progress={progress} />
      {failure && <ErrorDetails title="The new version was not made" description={failure} />}
      {done !== null && (
        <p role="status" className="text-sm text-green-800 dark:text-green-300">
          Version {done} is uploaded. Move an alias to it to put it to use.
        </p>
      )}
      <Button
        type="submit"
        variant="primary"
        disabled={!zip}
        loading={create.isPending || (progress !== null && progress < 1)}
      >
        Upload as a new version
      </Button>
    </form>
  );
}

/** `/automation/appbundles/:owner/:name`: the appbundle, its versions and aliases, a new version from a zip. */
export function AppBundlePage() {
  const { owner = '', name = '' } = useParams();
  const nickname = useQuery(daQueries.nickname());
  const ids = useQuery(daQueries.ids('appbundles'));
  const listed = ids.data ? groupIds(ids.data).find((item) => item.owner === owner && item.name === name) : undefined;
  const alias = listed ? (preferredAlias(listed.aliases) ?? '$LATEST') : undefined;
  const details = useQuery({
    ...daQueries.details('appbundles', owner, name, alias ?? ''),
    enabled: alias !== undefined,
  });
  const qualified = `${owner}.${name}+${alias ?? ''}`;
  return (
    <section aria-labelledby="appbundle-heading" className="flex min-h-0 flex-1 flex-col overflow-auto">
      <header className="border-b border-neutral-200 px-6 py-3 dark:border-neutral-800">
        <p className="text-xs">
          <Link to={AUTOMATION_PATH} className="hover:underline">
            Automation
          </Link>{' '}
          / appbundles
        </p>
        <h1 id="appbundle-heading" className="text-base font-semibold">
          {name}
        </h1>
        <p className="flex items-center gap-1 font-mono text-xs text-neutral-600 dark:text-neutral-400">
          {qualified}
          <CopyButton value={qualified} label="Copy the appbundle id" />
        </p>
      </header>
      {ids.isError || details.isError ? (
        <ErrorState
          title="Couldn't load this appbundle"
          {...describeError(ids.error ?? details.error)}
          onRetry={() => void details.refetch()}
        />
      ) : ids.data && !listed ? (
        <ErrorState
          title="No such appbundle"
          message={`${owner}.${name} is neither this app's nor shared with it. It may have been deleted.`}
        />
      ) : !details.data ? (
        <p className="flex items-center gap-2 p-6 text-sm text-neutral-500">
          <Spinner /> Loading…
        </p>
      ) : (
        <div className="grid gap-4 p-4 sm:p-6 xl:grid-cols-2">
          <Panel title="Details" id="details-heading">
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 p-4 text-sm">
              <dt className="text-neutral-600 dark:text-neutral-400">Engine</dt>
              <dd className="font-mono text-xs">{details.data.engine}</dd>
              <dt className="text-neutral-600 dark:text-neutral-400">Version</dt>
              <dd className="tabular-nums">{details.data.version}</dd>
              <dt className="text-neutral-600 dark:text-neutral-400">Description</dt>
              <dd>{details.data.description || '—'}</dd>
              <dt className="text-neutral-600 dark:text-neutral-400">Zip</dt>
              <dd>
                {details.data.package ? (
                  <a href={details.data.package} className="text-accent-700 hover:underline dark:text-accent-300">
                    Download the zip
                  </a>
                ) : (
                  'not uploaded'
                )}
              </dd>
            </dl>
          </Panel>
          {nickname.data === owner && (
            <>
              <Panel title="Versions and aliases" id="versions-heading">
                <ItemAdmin kind="appbundles" owner={owner} name={name} />
              </Panel>
              <Panel title="New version" id="new-version-heading">
                <NewVersion owner={owner} name={name} engine={details.data.engine} />
              </Panel>
            </>
          )}
        </div>
      )}
    </section>
  );
}
