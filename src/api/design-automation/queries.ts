import { queryOptions } from '@tanstack/react-query';
import type { WorkItemStatusValue } from '../../../contracts/design-automation';
import { pollDelay } from '../model-derivative/queries';
import {
  type DaKind,
  getAliases,
  getEngine,
  getEngineIds,
  getItem,
  getItemIds,
  getNickname,
  getReport,
  getVersion,
  getVersions,
  getWorkItem,
} from './requests';

/**
 * Design Automation query keys, from generic to specific: `['da']` reaches everything, `kindScope`
 * one kind's list and items, `itemScope` everything of one appbundle or activity (`Owner.Name`).
 */

export const isLive = (status: WorkItemStatusValue | undefined) => status === 'pending' || status === 'inprogress';

export const daQueries = {
  all: () => ['da'] as const,
  nickname: () =>
    queryOptions({
      queryKey: [...daQueries.all(), 'nickname'] as const,
      queryFn: ({ signal }) => getNickname(signal),
      staleTime: Infinity,
    }),
  engines: () =>
    queryOptions({
      queryKey: [...daQueries.all(), 'engines'] as const,
      queryFn: ({ signal }) => getEngineIds(signal),
      // The platform's engines change with a release, not during a session.
      staleTime: Infinity,
    }),
  engine: (id: string) =>
    queryOptions({
      queryKey: [...daQueries.all(), 'engine', { id }] as const,
      queryFn: ({ signal }) => getEngine(id, signal),
      staleTime: Infinity,
    }),
  kindScope: (kind: DaKind) => [...daQueries.all(), kind] as const,
  /** Qualified ids, owned and shared, one per alias. */
  ids: (kind: DaKind) =>
    queryOptions({
      queryKey: [...daQueries.kindScope(kind), 'ids'] as const,
      queryFn: ({ signal }) => getItemIds(kind, signal),
    }),
  itemScope: (kind: DaKind, owner: string, name: string) =>
    [...daQueries.kindScope(kind), 'item', { owner, name }] as const,
  /** An item as one alias names it: the only read open to items shared with the app. */
  details: <K extends DaKind>(kind: K, owner: string, name: string, alias: string) =>
    queryOptions({
      queryKey: [...daQueries.itemScope(kind, owner, name), 'alias', { alias }] as const,
      queryFn: ({ signal }) => getItem(kind, `${owner}.${name}+${alias}`, signal),
    }),
  versions: (kind: DaKind, owner: string, name: string) =>
    queryOptions({
      queryKey: [...daQueries.itemScope(kind, owner, name), 'versions'] as const,
      queryFn: ({ signal }) => getVersions(kind, name, signal),
    }),
  version: <K extends DaKind>(kind: K, owner: string, name: string, version: number) =>
    queryOptions({
      queryKey: [...daQueries.itemScope(kind, owner, name), 'version', { version }] as const,
      queryFn: ({ signal }) => getVersion(kind, name, version, signal),
      // A version never changes; it can only be deleted.
      staleTime: Infinity,
    }),
  aliases: (kind: DaKind, owner: string, name: string) =>
    queryOptions({
      queryKey: [...daQueries.itemScope(kind, owner, name), 'aliases'] as const,
      queryFn: ({ signal }) => getAliases(kind, name, signal),
    }),
  workItemScope: (id: string) => [...daQueries.all(), 'workitem', { id }] as const,
  /**
   * A workitem's status. While it is live it is asked again as translations are: every 1.5 s at first,
   * then a tenth of its age up to 10 s; an ended one is never asked again.
   */
  workItem: (id: string, startedAt: number, now: () => number = Date.now) =>
    queryOptions({
      queryKey: [...daQueries.workItemScope(id), 'status'] as const,
      queryFn: ({ signal }) => getWorkItem(id, signal),
      refetchInterval: (query) =>
        query.state.data && !isLive(query.state.data.status) ? false : pollDelay(now() - startedAt),
      refetchIntervalInBackground: true,
      staleTime: 1_000,
    }),
  report: (id: string, url: string) =>
    queryOptions({
      queryKey: [...daQueries.workItemScope(id), 'report'] as const,
      queryFn: ({ signal }) => getReport(url, signal),
      // An ended workitem's report is written once.
      staleTime: Infinity,
    }),
};
