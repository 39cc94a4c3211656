import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../api/describe-error';
import { daQueries } from '../../api/design-automation/queries';
import { ErrorState } from '../../components/ui/error-state';
import { Spinner } from '../../components/ui/spinner';

function EngineDescription({ id }: { id: string }) {
  const engine = useQuery(daQueries.engine(id));
  if (engine.isPending) return <Spinner />;
  if (engine.isError)
    return <span className="text-red-700 dark:text-red-300">{describeError(engine.error).message}</span>;
  return <span>{engine.data.description}</span>;
}

/** The engines the platform lists; a description is read only when someone opens it. */
export function EnginesList() {
  const engines = useQuery(daQueries.engines());
  const [open, setOpen] = useState<string | null>(null);
  if (engines.isPending)
    return (
      <p className="flex items-center gap-2 px-4 py-3 text-sm text-neutral-500">
        <Spinner /> Loading engines…
      </p>
    );
  if (engines.isError)
    return (
      <ErrorState
        title="Couldn't load engines"
        {...describeError(engines.error)}
        onRetry={() => void engines.refetch()}
      />
    );
  return (
    <ul aria-label="Engines" className="divide-y divide-neutral-100 dark:divide-neutral-800">
      {engines.data.map((id) => (
        <li key={id} className="px-4 py-1.5 text-sm">
          <button
            type="button"
            aria-expanded={open === id}
            onClick={() => setOpen(open === id ? null : id)}
            className="font-mono text-xs hover:underline"
          >
            {id}
          </button>
          {!id.startsWith('Autodesk.') && (
            <span className="ml-2 text-xs text-green-800 dark:text-green-300">runs here</span>
          )}
          {open === id && (
            <p className="mt-1 text-xs text-neutral-600 dark:text-neutral-300">
              <EngineDescription id={id} />
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
