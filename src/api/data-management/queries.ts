import { queryOptions } from '@tanstack/react-query';
import { getHubs } from './requests';

/**
 * Data Management query keys, from generic to specific, so `['dm']` reaches everything and each key
 * holds every input of its request.
 */
export const dmQueries = {
  all: () => ['dm'] as const,
  hubs: () =>
    queryOptions({
      queryKey: [...dmQueries.all(), 'hubs'] as const,
      queryFn: ({ signal }) => getHubs(signal),
    }),
};
