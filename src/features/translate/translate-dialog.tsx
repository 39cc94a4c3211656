import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../api/describe-error';
import { mdMutations } from '../../api/model-derivative/mutations';
import { mdQueries } from '../../api/model-derivative/queries';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { Skeleton } from '../../components/ui/spinner';
import { CONCURRENT_JOB_LIMIT, useJobActions, useRunningCount } from './job-store';
import { OutputOptions } from './output-options';
import {
  buildJobPayload,
  choicesProblem,
  defaultChoices,
  existingOutputs,
  outputsFor,
  type TranslateChoices,
} from './translate-options';
import type { ModelItemPlace } from '../../lib/model-paths';

export interface TranslateDialogProps {
  /** The encoded source URN. */
  urn: string;
  /** The source file's name: its extension decides which outputs are offered. */
  name: string;
  /** The hub item the design is a version of, if any, for the job centre's link. */
  item?: ModelItemPlace;
  onClose: () => void;
}

/** Starts a translation of one design into one or more outputs; the job centre takes it from there. */
export function TranslateDialog({ urn, name, item, onClose }: TranslateDialogProps) {
  const formats = useQuery(mdQueries.formats());
  // A 404 only means nothing was translated yet; the dialog needs no retry for it.
  const manifest = useQuery({ ...mdQueries.manifest(urn), retry: false });
  const running = useRunningCount();
  const { jobStarted } = useJobActions();
  const start = useMutation({
    ...mdMutations.startJob(urn),
    // Here, not in mutate's callbacks: those are dropped when the dialog unmounts before the answer,
    // and a job the platform accepted must reach the job centre whatever the page did meanwhile.
    onSuccess: (response, { payload }) => {
      // 201 `success`: everything asked for already exists, so there is no job to watch.
      if (response.result === 'created')
        jobStarted({ urn, name, item, outputs: payload.output.formats.map((format) => format.type) });
    },
  });
  const available = formats.data ? outputsFor(formats.data, name) : [];
  const existing = existingOutputs(manifest.data);
  const [choices, setChoices] = useState<TranslateChoices | null>(null);
  const current = choices ?? defaultChoices(available);

  const wouldRedo = current.outputs.some((type) => existing.includes(type));
  const atLimit = running >= CONCURRENT_JOB_LIMIT;
  const problem = choicesProblem(current);
  const submit = () => {
    if (problem || atLimit) return;
    start.mutate({ payload: buildJobPayload(urn, current), force: current.force }, { onSuccess: onClose });
  };

  return (
    <ModalDialog title={`Translate ${name}`} onCancel={onClose}>
      <form
        method="dialog"
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {formats.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : formats.isError ? (
          <Alert tone="danger" title="Couldn't read the formats the platform makes">
            {describeError(formats.error).message}
          </Alert>
        ) : available.length === 0 ? (
          <Alert tone="warning">The platform cannot translate .{name.split('.').pop()} files.</Alert>
        ) : (
          <OutputOptions available={available} existing={existing} choices={current} onChange={setChoices} />
        )}
        {existing.length > 0 && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={current.force}
              onChange={(event) => setChoices({ ...current, force: event.target.checked })}
            />
            Translate again, replacing the existing derivatives
          </label>
        )}
        {wouldRedo && !current.force && (
          <p className="text-xs text-neutral-500">
            Outputs that exist are kept as they are unless you translate again.
          </p>
        )}
        <p className="text-xs text-neutral-500" role="status">
          {running} of {CONCURRENT_JOB_LIMIT} translations running
        </p>
        {atLimit && (
          <Alert tone="warning">
            Wait for a translation to end: the platform runs at most {CONCURRENT_JOB_LIMIT} at once.
          </Alert>
        )}
        {start.isError && (
          <Alert tone="danger" title="Couldn't start the translation">
            {describeError(start.error).message}
          </Alert>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="primary"
            loading={start.isPending}
            disabled={available.length === 0 || problem !== null || atLimit}
            title={problem ?? undefined}
          >
            {current.force ? 'Translate again' : 'Translate'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
