import { queryOptions } from '@tanstack/react-query';
import type { InspectedRequestFilters, InspectedRequestList } from '../../../contracts/request-inspector';
import { getInspectedRequest, getInspectedRequests } from './requests';

/** How many requests a list holds at most, however long it is watched. */
export const INSPECTED_LIST_SIZE = 500;

export type RequestListFilters = Omit<InspectedRequestFilters, 'since' | 'limit'>;

/** The newer requests on top of those already held; those a clear dropped go. */
export function mergeNewer(held: InspectedRequestList, newer: InspectedRequestList): InspectedRequestList {
  const kept = held.requests.filter((entry) => entry.id > newer.clearedThrough);
  return { ...newer, requests: [...newer.requests, ...kept].slice(0, INSPECTED_LIST_SIZE) };
}

/**
 * The local platform's request inspector. A list asks only for what came after what it holds
 * (`since`), so polling it every second costs the few new requests, not the whole list again.
 */
export const inspectorQueries = {
  all: () => ['platform', 'requests'] as const,
  listScope: () => [...inspectorQueries.all(), 'list'] as const,
  list: (filters: RequestListFilters) =>
    queryOptions({
      queryKey: [...inspectorQueries.listScope(), filters] as const,
      queryFn: async ({ signal, client, queryKey }) => {
        const held = client.getQueryData<InspectedRequestList>(queryKey);
        const fresh = () => getInspectedRequests({ ...filters, limit: INSPECTED_LIST_SIZE }, signal);
        if (!held) return fresh();
        const newer = await getInspectedRequests({ ...filters, since: String(held.latestId) }, signal);
        // Ids going back means the platform restarted: nothing held is its any more.
        return newer.latestId < held.latestId ? fresh() : mergeNewer(held, newer);
      },
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...inspectorQueries.all(), 'detail', { id }] as const,
      queryFn: ({ signal }) => getInspectedRequest(id, signal),
      // A recorded request never changes.
      staleTime: Infinity,
    }),
};
