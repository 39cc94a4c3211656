import type { QueryKey } from '@tanstack/react-query';

/**
 * Types the `meta` a mutation may carry. A mutation names the keys it makes stale (or removes) and the one
 * MutationCache handler in src/app invalidates them, so features never reach into each other's keys.
 */
declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      invalidates?: readonly QueryKey[];
      /** Keys of what the mutation destroyed: dropped, not refetched, since a refetch can only fail (404). */
      removes?: readonly QueryKey[];
    };
  }
}
