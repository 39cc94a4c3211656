import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { describeError } from '../api/describe-error';
import { ApiError } from '../api/http';
import type { Toast } from '../components/ui/toast-store';

export interface QueryClientOptions {
  /** Where background failures are reported; the toast viewport in the app. */
  notify: (toast: Omit<Toast, 'id'>) => void;
}

export function createQueryClient({ notify }: QueryClientOptions): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A first load shows its failure where the data would be. Only a failure behind data already on
        // screen needs a toast, and an ended session is told by the sign-in page instead.
        if (query.state.data === undefined) return;
        if (error instanceof ApiError && error.status === 401) return;
        notify({ tone: 'error', title: 'Could not refresh data', message: describeError(error).message });
      },
    }),
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _onMutateResult, mutation) => {
        for (const queryKey of mutation.meta?.removes ?? []) queryClient.removeQueries({ queryKey });
        const keys = mutation.meta?.invalidates;
        if (!keys?.length) return;
        // Returned so the mutation stays pending until the data it changed has been marked stale.
        return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
      },
    },
  });
  return queryClient;
}

/** The HTTP layer already waits out 429s and renews tokens on 401; retry only what may pass on its own. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 408 || error.status >= 500;
}
