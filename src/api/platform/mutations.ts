import { mutationOptions } from '@tanstack/react-query';
import { inspectorQueries } from './queries';
import { clearInspectedRequests } from './requests';

const unstoppable = () => new AbortController().signal;

export const inspectorMutations = {
  /** Empties the platform's request log; the lists learn it from the next answer's `clearedThrough`. */
  clear: () =>
    mutationOptions({
      mutationKey: [...inspectorQueries.all(), 'clear'] as const,
      mutationFn: () => clearInspectedRequests(unstoppable()),
      meta: { invalidates: [inspectorQueries.listScope()] },
    }),
};
