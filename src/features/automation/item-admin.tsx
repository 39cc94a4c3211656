import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LATEST_ALIAS } from '../../../contracts/design-automation';
import { describeError } from '../../api/describe-error';
import { daMutations } from '../../api/design-automation/mutations';
import { daQueries } from '../../api/design-automation/queries';
import type { DaKind } from '../../api/design-automation/requests';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ErrorDetails } from './error-details';
import { AUTOMATION_PATH } from './paths';
import { SELECT } from './project-picker';

function MoveAlias({
  kind,
  owner,
  name,
  aliases,
  versions,
}: {
  kind: DaKind;
  owner: string;
  name: string;
  aliases: string[];
  versions: number[];
}) {
  const id = useId();
  const [alias, setAlias] = useState(aliases[0] ?? '');
  const [version, setVersion] = useState(versions.at(-1) ?? 1);
  const save = useMutation(daMutations.saveAlias(kind, owner, name));
  const existing = aliases.includes(alias);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ alias: { id: alias, version }, existing });
      }}
    >
      <div>
        <label htmlFor={`${id}-alias`} className="block text-xs">
          Alias
        </label>
        <input
          id={`${id}-alias`}
          list={`${id}-aliases`}
          className={`${SELECT} font-mono`}
          value={alias}
          onChange={(event) => setAlias(event.target.value)}
        />
        <datalist id={`${id}-aliases`}>
          {aliases.map((one) => (
            <option key={one} value={one} />
          ))}
        </datalist>
      </div>
      <div>
        <label htmlFor={`${id}-version`} className="block text-xs">
          Version
        </label>
        <select
          id={`${id}-version`}
          className={SELECT}
          value={version}
          onChange={(event) => setVersion(Number(event.target.value))}
        >
          {versions.map((one) => (
            <option key={one} value={one}>
              {one}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" size="md" loading={save.isPending} disabled={!alias}>
        {existing ? 'Move alias' : 'Create alias'}
      </Button>
      {save.isError && <ErrorDetails title="The alias was not saved" description={describeError(save.error)} />}
    </form>
  );
}

/** An owned appbundle's or activity's versions and aliases: move or create an alias, delete the whole item. */
export function ItemAdmin({ kind, owner, name }: { kind: DaKind; owner: string; name: string }) {
  const versions = useQuery(daQueries.versions(kind, owner, name));
  const aliases = useQuery(daQueries.aliases(kind, owner, name));
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation(daMutations.deleteItem(kind, owner, name));
  const navigate = useNavigate();
  const named = (aliases.data ?? []).filter((alias) => alias.id !== LATEST_ALIAS);
  return (
    <div className="space-y-3 p-4">
      {(versions.isError || aliases.isError) && (
        <ErrorDetails
          title="Couldn't load versions and aliases"
          description={describeError(versions.error ?? aliases.error)}
        />
      )}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-neutral-600 dark:text-neutral-400">Versions</dt>
        <dd className="tabular-nums">{versions.data?.join(', ') ?? '…'}</dd>
        <dt className="text-neutral-600 dark:text-neutral-400">Aliases</dt>
        <dd>
          <ul aria-label={`Aliases of ${name}`} className="flex flex-wrap gap-2">
            {(aliases.data ?? []).map((alias) => (
              <li key={alias.id} className="font-mono text-xs">
                {alias.id} → v{alias.version}
                {alias.receiver && <span className="text-neutral-500"> (shared with {alias.receiver})</span>}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      {/* Both lists first: the form starts on the item's first alias, and versions often come first. */}
      {versions.data && aliases.data && (
        <MoveAlias
          kind={kind}
          owner={owner}
          name={name}
          aliases={named.map((alias) => alias.id)}
          versions={versions.data}
        />
      )}
      <Button variant="danger" size="sm" onClick={() => setDeleting(true)}>
        Delete {name}
      </Button>
      {deleting && (
        <ConfirmDialog
          title={`Delete ${name}?`}
          confirmLabel="Delete"
          typeToConfirm={name}
          busy={remove.isPending}
          error={
            remove.isError ? <ErrorDetails title="Not deleted" description={describeError(remove.error)} /> : undefined
          }
          onCancel={() => setDeleting(false)}
          // The page leaves once the list no longer names the item, so the promise, not a callback of this component, navigates.
          onConfirm={() =>
            void remove.mutateAsync().then(
              () => navigate(AUTOMATION_PATH),
              () => undefined,
            )
          }
        >
          Every version and alias of{' '}
          <span className="font-mono">
            {owner}.{name}
          </span>{' '}
          is deleted; workitems that name it will fail.
        </ConfirmDialog>
      )}
    </div>
  );
}
