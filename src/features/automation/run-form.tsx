import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DaActivity } from '../../../contracts/design-automation';
import { describeError, type ErrorDescription } from '../../api/describe-error';
import { daMutations } from '../../api/design-automation/mutations';
import { Button } from '../../components/ui/button';
import { buildWorkItem, choiceProblems, roleOf, type Choices } from './argument-builder';
import { ErrorDetails } from './error-details';
import { ParameterField } from './parameter-field';
import { runPath } from './paths';
import type { PickedFolder } from './picker-types';
import { resolveChoices } from './resolve-choices';
import { useRunActions } from './run-store';

export interface RunFormProps {
  /** `Owner.Name+Alias`: workitems name an activity by an alias. */
  activityId: string;
  activity: DaActivity;
  initialChoices?: Choices;
}

/** Each parameter of the activity gets a file, a value or a destination; the app signs the URLs and sends the workitem. */
export function RunForm({ activityId, activity, initialChoices = {} }: RunFormProps) {
  const parameters = activity.parameters ?? {};
  const [choices, setChoices] = useState<Choices>(initialChoices);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<ErrorDescription | null>(null);
  const [busy, setBusy] = useState(false);
  const create = useMutation(daMutations.createWorkItem());
  const { runStarted } = useRunActions();
  const navigate = useNavigate();

  const choose = (name: string, choice: Choices[string]) => setChoices((current) => ({ ...current, [name]: choice }));
  // The folder of the file picked for an input is where the outputs go unless the person says otherwise.
  const folderSeen = (folder: PickedFolder) =>
    setChoices((current) => {
      const next = { ...current };
      for (const [name, parameter] of Object.entries(parameters)) {
        if (roleOf(parameter) === 'output' && (next[name] ?? { kind: 'none' }).kind === 'none')
          next[name] = { kind: 'folder', ...folder, fileName: parameter.localName ?? name };
      }
      return next;
    });

  async function submit() {
    const found = choiceProblems(parameters, choices);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const { bindings, outputs } = await resolveChoices(parameters, choices, new AbortController().signal);
      const status = await create.mutateAsync(buildWorkItem(activityId, parameters, bindings));
      runStarted({ id: status.id, activityId, choices, outputs, status: status.status });
      void navigate(runPath(status.id));
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setBusy(false);
    }
  }

  const count = Object.keys(problems).length;
  return (
    <form
      aria-label={`Run ${activityId}`}
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {Object.entries(parameters).map(([name, parameter]) => (
        <ParameterField
          key={name}
          name={name}
          parameter={parameter}
          choice={choices[name] ?? { kind: 'none' }}
          problem={problems[name]}
          onChange={(choice) => choose(name, choice)}
          onFolderSeen={folderSeen}
        />
      ))}
      {Object.keys(parameters).length === 0 && (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">This activity takes no arguments.</p>
      )}
      {count > 0 && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {count === 1 ? 'One argument needs' : `${count} arguments need`} your attention.
        </p>
      )}
      {failure && <ErrorDetails title="The workitem could not be started" description={failure} />}
      <Button type="submit" variant="primary" loading={busy}>
        Run
      </Button>
    </form>
  );
}
