import { mutationOptions } from '@tanstack/react-query';
import type { JobPayload } from '../../../contracts/model-derivative';
import { mdQueries } from './queries';
import { deleteManifest, startJob } from './requests';

/** Model Derivative writes; each names in `meta.invalidates` what its success makes stale. */

// Writes are not cancelled from the outside: once the person asked, the request goes through.
const unstoppable = () => new AbortController().signal;

export interface StartJobVariables {
  payload: JobPayload;
  /** Make the derivatives again even when they exist (`x-ads-force`). */
  force: boolean;
}

export const mdMutations = {
  startJob: (urn: string) =>
    mutationOptions({
      mutationKey: [...mdQueries.all(), 'start-job', { urn }] as const,
      mutationFn: ({ payload, force }: StartJobVariables) => startJob(payload, force, unstoppable()),
      meta: { invalidates: [mdQueries.modelScope(urn)] },
    }),
  deleteManifest: (urn: string) =>
    mutationOptions({
      mutationKey: [...mdQueries.all(), 'delete-manifest', { urn }] as const,
      mutationFn: () => deleteManifest(urn, unstoppable()),
      meta: { invalidates: [mdQueries.modelScope(urn)] },
    }),
};
