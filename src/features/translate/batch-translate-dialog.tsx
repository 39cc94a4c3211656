import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../api/describe-error';
import { mdMutations } from '../../api/model-derivative/mutations';
import { mdQueries } from '../../api/model-derivative/queries';
import { runMutation } from '../../api/run-mutation';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { Skeleton } from '../../components/ui/spinner';
import type { ModelItemPlace } from '../../lib/model-paths';
import { CONCURRENT_JOB_LIMIT, useJobActions, useRunningCount } from './job-store';
import { buildJobPayload, defaultChoices, OUTPUT_LABELS, outputsFor } from './translate-options';

export interface BatchDesign {
  /** The encoded source URN (a version's). */
  urn: string;
  name: string;
  item?: ModelItemPlace;
}

/**
 * One dialog, one job each: every picked design to its default output (the viewable where there is
 * one), each followed in the job centre. Designs the platform cannot translate are named and left
 * out; no more start than the concurrent limit leaves room for.
 */
export function BatchTranslateDialog({ designs, onClose }: { designs: BatchDesign[]; onClose: () => void }) {
  const queryClient = useQueryClient();
  const formats = useQuery(mdQueries.formats());
  const running = useRunningCount();
  const { jobStarted } = useJobActions();
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const planned = designs.map((design) => ({
    design,
    outputs: formats.data ? defaultChoices(outputsFor(formats.data, design.name)).outputs : [],
  }));
  const translatable = planned.filter((plan) => plan.outputs.length > 0);
  const skipped = formats.data ? planned.filter((plan) => plan.outputs.length === 0) : [];
  const room = Math.max(0, CONCURRENT_JOB_LIMIT - running);
  const starting = translatable.slice(0, room);

  const start = async () => {
    setBusy(true);
    const failed: string[] = [];
    for (const { design, outputs } of starting) {
      const choices = { ...defaultChoices(outputs), outputs };
      try {
        const response = await runMutation(queryClient, mdMutations.startJob(design.urn), {
          payload: buildJobPayload(design.urn, choices),
          force: false,
        });
        if (response.result === 'created') jobStarted({ ...design, outputs });
      } catch (error) {
        failed.push(`${design.name}: ${describeError(error).message}`);
      }
    }
    setBusy(false);
    setFailures(failed);
    if (failed.length === 0) onClose();
  };

  return (
    <ModalDialog title={`Translate ${designs.length} ${designs.length === 1 ? 'file' : 'files'}`} onCancel={onClose}>
      <div className="space-y-4">
        {formats.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : formats.isError ? (
          <Alert tone="danger" title="Couldn't read the formats the platform makes">
            {describeError(formats.error).message}
          </Alert>
        ) : (
          <ul aria-label="Files to translate" className="max-h-64 space-y-1 overflow-y-auto text-sm">
            {translatable.map(({ design, outputs }) => (
              <li key={design.urn} className="flex justify-between gap-2">
                <span className="truncate">{design.name}</span>
                <span className="shrink-0 text-neutral-500">
                  {outputs.map((type) => OUTPUT_LABELS[type]).join(', ')}
                </span>
              </li>
            ))}
          </ul>
        )}
        {skipped.length > 0 && (
          <Alert tone="warning">
            The platform makes nothing from {skipped.map((plan) => plan.design.name).join(', ')}: left out.
          </Alert>
        )}
        {starting.length < translatable.length && (
          <Alert tone="warning">
            {room} of {translatable.length} can start now: the platform runs at most {CONCURRENT_JOB_LIMIT} translations
            at once.
          </Alert>
        )}
        {failures.length > 0 && (
          <Alert tone="danger" title="Some translations did not start">
            <ul>
              {failures.map((failure) => (
                <li key={failure}>{failure}</li>
              ))}
            </ul>
          </Alert>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {failures.length > 0 ? 'Close' : 'Cancel'}
          </Button>
          <Button variant="primary" loading={busy} disabled={starting.length === 0} onClick={() => void start()}>
            Translate {starting.length}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
