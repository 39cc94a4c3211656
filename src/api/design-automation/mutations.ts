import { mutationOptions } from '@tanstack/react-query';
import type { DaActivityRequest, DaAlias, DaAppBundleRequest, DaWorkItem } from '../../../contracts/design-automation';
import { daQueries } from './queries';
import {
  cancelWorkItem,
  createActivity,
  createActivityVersion,
  createAlias,
  createAppBundle,
  createAppBundleVersion,
  createWorkItem,
  deleteAlias,
  deleteItem,
  deleteVersion,
  moveAlias,
  type DaKind,
} from './requests';

/** Design Automation writes; each names in `meta.invalidates` what its success makes stale. */

// Writes are not cancelled from the outside: once the person asked, the request goes through.
const unstoppable = () => new AbortController().signal;

export const daMutations = {
  createAppBundle: () =>
    mutationOptions({
      mutationKey: [...daQueries.all(), 'create-appbundle'] as const,
      mutationFn: (body: DaAppBundleRequest) => createAppBundle(body, unstoppable()),
      meta: { invalidates: [daQueries.kindScope('appbundles')] },
    }),
  createAppBundleVersion: (owner: string, name: string) =>
    mutationOptions({
      mutationKey: [...daQueries.itemScope('appbundles', owner, name), 'create-version'] as const,
      mutationFn: (body: DaAppBundleRequest) => createAppBundleVersion(name, body, unstoppable()),
      meta: { invalidates: [daQueries.kindScope('appbundles')] },
    }),
  createActivity: () =>
    mutationOptions({
      mutationKey: [...daQueries.all(), 'create-activity'] as const,
      mutationFn: (body: DaActivityRequest) => createActivity(body, unstoppable()),
      meta: { invalidates: [daQueries.kindScope('activities')] },
    }),
  createActivityVersion: (owner: string, name: string) =>
    mutationOptions({
      mutationKey: [...daQueries.itemScope('activities', owner, name), 'create-version'] as const,
      mutationFn: (body: DaActivityRequest) => createActivityVersion(name, body, unstoppable()),
      meta: { invalidates: [daQueries.kindScope('activities')] },
    }),
  /** Creates the alias, or moves it when `existing`; the list names aliases, so it is stale too. */
  saveAlias: (kind: DaKind, owner: string, name: string) =>
    mutationOptions({
      mutationKey: [...daQueries.itemScope(kind, owner, name), 'save-alias'] as const,
      mutationFn: ({ alias, existing }: { alias: DaAlias; existing: boolean }) =>
        existing ? moveAlias(kind, name, alias, unstoppable()) : createAlias(kind, name, alias, unstoppable()),
      meta: { invalidates: [daQueries.kindScope(kind)] },
    }),
  deleteAlias: (kind: DaKind, owner: string, name: string) =>
    mutationOptions({
      mutationKey: [...daQueries.itemScope(kind, owner, name), 'delete-alias'] as const,
      mutationFn: (aliasId: string) => deleteAlias(kind, name, aliasId, unstoppable()),
      meta: { invalidates: [daQueries.kindScope(kind)] },
    }),
  deleteVersion: (kind: DaKind, owner: string, name: string) =>
    mutationOptions({
      mutationKey: [...daQueries.itemScope(kind, owner, name), 'delete-version'] as const,
      mutationFn: (version: number) => deleteVersion(kind, name, version, unstoppable()),
      meta: { invalidates: [daQueries.kindScope(kind)] },
    }),
  deleteItem: (kind: DaKind, owner: string, name: string) =>
    mutationOptions({
      mutationKey: [...daQueries.itemScope(kind, owner, name), 'delete'] as const,
      mutationFn: () => deleteItem(kind, name, unstoppable()),
      // The list only: reading the deleted item again could only fail.
      meta: { invalidates: [daQueries.ids(kind).queryKey] },
    }),
  createWorkItem: () =>
    mutationOptions({
      mutationKey: [...daQueries.all(), 'create-workitem'] as const,
      mutationFn: (body: DaWorkItem) => createWorkItem(body, unstoppable()),
    }),
  cancelWorkItem: (id: string) =>
    mutationOptions({
      mutationKey: [...daQueries.workItemScope(id), 'cancel'] as const,
      mutationFn: () => cancelWorkItem(id, unstoppable()),
      meta: { invalidates: [daQueries.workItemScope(id)] },
    }),
};
