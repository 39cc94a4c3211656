import type { MutationOptions, QueryClient } from '@tanstack/react-query';

/**
 * Runs a mutation through the client's MutationCache (so its `meta.invalidates` is honoured) for
 * writes whose target is known only when the person acts: a row, a destination, an undo.
 */
export function runMutation<TData, TVariables>(
  queryClient: QueryClient,
  options: MutationOptions<TData, Error, TVariables>,
  variables: TVariables,
): Promise<TData> {
  return queryClient.getMutationCache().build(queryClient, options).execute(variables);
}
