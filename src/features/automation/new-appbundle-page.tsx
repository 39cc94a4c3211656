import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { describeError, type ErrorDescription } from '../../api/describe-error';
import { daMutations } from '../../api/design-automation/mutations';
import { daQueries } from '../../api/design-automation/queries';
import { createAlias } from '../../api/design-automation/requests';
import { Button } from '../../components/ui/button';
import { EngineSelect } from './engine-select';
import { ErrorDetails } from './error-details';
import { appBundlePath, AUTOMATION_PATH } from './paths';
import { SELECT } from './project-picker';
import { useBundleUpload, zipProblem } from './use-bundle-upload';
import { ZipDrop } from './zip-drop';

/** Names and aliases hold letters, digits and underscores only (the service's rule for ids). */
export const NAME_PATTERN = '[A-Za-z0-9_]+';

/** `/automation/appbundles/new`: name, engine and zip; the appbundle gets an alias on version 1 so activities can name it. */
export function NewAppBundlePage() {
  const id = useId();
  const [name, setName] = useState('');
  const [engine, setEngine] = useState('');
  const [description, setDescription] = useState('');
  const [alias, setAlias] = useState('prod');
  const [zip, setZip] = useState<File | null>(null);
  const [failure, setFailure] = useState<ErrorDescription | null>(null);
  const create = useMutation(daMutations.createAppBundle());
  const { progress, upload } = useBundleUpload();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function submit() {
    if (!zip) return setFailure({ message: 'Choose the zip of the appbundle.', details: [] });
    const problem = zipProblem(zip);
    // Refused before the appbundle is created, so a wrong file leaves nothing behind.
    if (problem) return setFailure({ message: problem, details: [] });
    setFailure(null);
    try {
      const bundle = await create.mutateAsync({ id: name, engine, ...(description ? { description } : {}) });
      await upload(bundle, zip);
      const owner = bundle.id.split('.')[0] ?? '';
      if (alias)
        await createAlias('appbundles', name, { id: alias, version: bundle.version }, new AbortController().signal);
      await queryClient.invalidateQueries({ queryKey: daQueries.kindScope('appbundles') });
      void navigate(appBundlePath(owner, name));
    } catch (error) {
      setFailure(describeError(error));
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="flex min-h-0 flex-1 flex-col overflow-auto">
      <header className="border-b border-neutral-200 px-6 py-3 dark:border-neutral-800">
        <p className="text-xs">
          <Link to={AUTOMATION_PATH} className="hover:underline">
            Automation
          </Link>
        </p>
        <h1 id={`${id}-heading`} className="text-base font-semibold">
          New appbundle
        </h1>
      </header>
      <form
        className="max-w-xl space-y-3 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div>
          <label htmlFor={`${id}-name`} className="block text-sm font-medium">
            Name
          </label>
          <input
            id={`${id}-name`}
            className={`${SELECT} w-full font-mono`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            pattern={NAME_PATTERN}
            title="Letters, digits and underscores"
          />
        </div>
        <div>
          <label htmlFor={`${id}-engine`} className="block text-sm font-medium">
            Engine
          </label>
          <EngineSelect id={`${id}-engine`} value={engine} onChange={setEngine} />
        </div>
        <div>
          <label htmlFor={`${id}-description`} className="block text-sm font-medium">
            Description
          </label>
          <input
            id={`${id}-description`}
            className={`${SELECT} w-full`}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
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
        <ZipDrop file={zip} onFile={setZip} progress={progress} />
        {failure && <ErrorDetails title="The appbundle was not created" description={failure} />}
        <Button type="submit" variant="primary" loading={create.isPending || (progress !== null && progress < 1)}>
          Create appbundle
        </Button>
      </form>
    </section>
  );
}
