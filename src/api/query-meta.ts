import type { QueryKey } from '@tanstack/react-query';

/**
 * Types the `meta` a mutation may carry. A mutation names the keys it makes stale and the one
 * MutationCache handler in src/app invalidates them, so features never reach into each other's keys.
 */
declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      invalidates?: readonly QueryKey[];
    };
  }
}
