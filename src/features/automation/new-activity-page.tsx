import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { describeError, type ErrorDescription } from '../../api/describe-error';
import { daMutations } from '../../api/design-automation/mutations';
import { daQueries } from '../../api/design-automation/queries';
import { createAlias } from '../../api/design-automation/requests';
import { Button } from '../../components/ui/button';
import { commandVariables, draftOf, emptyDraft, requestOf, type ActivityDraft } from './activity-draft';
import { EngineSelect } from './engine-select';
import { ErrorDetails } from './error-details';
import { NAME_PATTERN } from './new-appbundle-page';
import { ParameterRows } from './parameter-rows';
import { activityPath, AUTOMATION_PATH } from './paths';
import { SELECT } from './project-picker';

const TEXTAREA =
  'w-full rounded-md border border-neutral-300 bg-white p-2 font-mono text-xs dark:border-neutral-700 dark:bg-neutral-950';

function DraftFields({
  id,
  draft,
  onChange,
}: {
  id: string;
  draft: ActivityDraft;
  onChange: (draft: ActivityDraft) => void;
}) {
  const bundles = useQuery(daQueries.ids('appbundles'));
  const choosable = (bundles.data ?? []).filter((bundle) => !bundle.endsWith('+$LATEST'));
  return (
    <>
      <div>
        <label htmlFor={`${id}-name`} className="block text-sm font-medium">
          Name
        </label>
        <input
          id={`${id}-name`}
          className={`${SELECT} w-full font-mono`}
          value={draft.name}
          onChange={(event) => onChange({ ...draft, name: event.target.value })}
          required
          pattern={NAME_PATTERN}
          title="Letters, digits and underscores"
        />
      </div>
      <div>
        <label htmlFor={`${id}-engine`} className="block text-sm font-medium">
          Engine
        </label>
        <EngineSelect id={`${id}-engine`} value={draft.engine} onChange={(engine) => onChange({ ...draft, engine })} />
      </div>
      <div>
        <label htmlFor={`${id}-description`} className="block text-sm font-medium">
          Description
        </label>
        <input
          id={`${id}-description`}
          className={`${SELECT} w-full`}
          value={draft.description}
          onChange={(event) => onChange({ ...draft, description: event.target.value })}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Appbundles</legend>
        {choosable.length === 0 && (
          <p className="text-xs text-neutral-600 dark:text-neutral-400">No appbundle has an alias yet.</p>
        )}
        {choosable.map((bundle) => (
          <label key={bundle} className="flex items-center gap-2 font-mono text-xs">
            <input
              type="checkbox"
              checked={draft.appbundles.includes(bundle)}
              onChange={(event) =>
                onChange({
                  ...draft,
                  appbundles: event.target.checked
                    ? [...draft.appbundles, bundle]
                    : draft.appbundles.filter((one) => one !== bundle),
                })
              }
            />
            {bundle}
          </label>
        ))}
      </fieldset>
      <ParameterRows parameters={draft.parameters} onChange={(parameters) => onChange({ ...draft, parameters })} />
      <div>
        <label htmlFor={`${id}-command`} className="block text-sm font-medium">
          Command line (one per line)
        </label>
        <textarea
          id={`${id}-command`}
          rows={3}
          className={TEXTAREA}
          value={draft.commandLines}
          onChange={(event) => onChange({ ...draft, commandLines: event.target.value })}
        />
        <div className="mt-1 flex flex-wrap gap-1" aria-label="Variables">
          {commandVariables(draft).map((variable) => (
            <button
              key={variable}
              type="button"
              className="rounded bg-neutral-100 px-1.5 py-0.5 font-mono text-[11px] hover:bg-neutral-200 dark:bg-neutral-800 dark:hover:bg-neutral-700"
              onClick={() =>
                onChange({
                  ...draft,
                  commandLines: `${draft.commandLines}${draft.commandLines && !draft.commandLines.endsWith(' ') ? ' ' : ''}${variable}`,
                })
              }
            >
              <span className="sr-only">Insert </span>
              {variable}
            </button>
          ))}
        </div>
      </div>
    </>
  );
}

/** `/automation/activities/new`: a form built from the engines and appbundles, the JSON one toggle away; an alias is made on version 1. */
export function NewActivityPage() {
  const id = useId();
  const [draft, setDraft] = useState<ActivityDraft>(emptyDraft);
  const [json, setJson] = useState<string | null>(null);
  const [alias, setAlias] = useState('prod');
  const [failure, setFailure] = useState<ErrorDescription | null>(null);
  const create = useMutation(daMutations.createActivity());
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const toggle = () => {
    if (json === null) return setJson(JSON.stringify(requestOf(draft), null, 2));
    const read = draftOf(json);
    if ('problem' in read) return setFailure({ message: read.problem, details: [] });
    setFailure(null);
    setDraft(read.draft);
    setJson(null);
  };

  async function submit() {
    setFailure(null);
    const read = json === null ? { draft } : draftOf(json);
    if ('problem' in read) return setFailure({ message: read.problem, details: [] });
    try {
      const activity = await create.mutateAsync(requestOf(read.draft));
      const owner = activity.id.split('.')[0] ?? '';
      if (alias)
        await createAlias(
          'activities',
          read.draft.name,
          { id: alias, version: activity.version },
          new AbortController().signal,
        );
      await queryClient.invalidateQueries({ queryKey: daQueries.kindScope('activities') });
      void navigate(activityPath(owner, read.draft.name));
    } catch (error) {
      setFailure(describeError(error));
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="flex min-h-0 flex-1 flex-col overflow-auto">
      <header className="flex items-center gap-3 border-b border-neutral-200 px-6 py-3 dark:border-neutral-800">
        <div>
          <p className="text-xs">
            <Link to={AUTOMATION_PATH} className="hover:underline">
              Automation
            </Link>
          </p>
          <h1 id={`${id}-heading`} className="text-base font-semibold">
            New activity
          </h1>
        </div>
        <Button size="sm" variant="ghost" className="ml-auto" aria-pressed={json !== null} onClick={toggle}>
          {json === null ? 'Edit as JSON' : 'Edit as form'}
        </Button>
      </header>
      <form
        className="max-w-3xl space-y-3 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {json === null ? (
          <DraftFields id={id} draft={draft} onChange={setDraft} />
        ) : (
          <div>
            <label htmlFor={`${id}-json`} className="block text-sm font-medium">
              Activity JSON
            </label>
            <textarea
              id={`${id}-json`}
              rows={18}
              className={TEXTAREA}
              value={json}
              onChange={(event) => setJson(event.target.value)}
              spellCheck={false}
            />
          </div>
        )}
        <div>
          <label htmlFor={`${id}-alias`} className="block text-sm font-medium">
            Alias for version 1
          </label>
          <input
            id={`${id}-alias`}
            className={`${SELECT} font-mono`}
            value={alias}
            onChange={(event) => setAlias(event.target.value)}
            pattern={NAME_PATTERN}
          />
        </div>
        {failure && <ErrorDetails title="The activity was not created" description={failure} />}
        <Button type="submit" variant="primary" loading={create.isPending}>
          Create activity
        </Button>
      </form>
    </section>
  );
}
