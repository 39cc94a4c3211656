import type { QueryClient } from '@tanstack/react-query';
import type { FolderContentsResponse } from '../../../contracts/data-management';
import { dmQueries, type FolderRef } from '../../api/data-management/queries';
import { rowsOf, type ContentRow } from './content-rows';

/** The rows of a folder already loaded, by name in lower case: the service refuses a name any of them has, in any case. */
export function loadedNames(queryClient: QueryClient, folder: FolderRef): ReadonlyMap<string, ContentRow> {
  const pages = queryClient.getQueriesData<FolderContentsResponse>({ queryKey: dmQueries.folderContentsScope(folder) });
  const rows = pages.flatMap(([, page]) => (page ? rowsOf(page) : []));
  return new Map(rows.map((row) => [row.name.toLowerCase(), row]));
}

/** What to say when `name` is taken by a row other than `self`, as the person types it; null when it is free. */
export function nameClash(names: ReadonlyMap<string, ContentRow>, name: string, self?: ContentRow): string | null {
  const holder = names.get(name.trim().toLowerCase());
  if (!holder || holder.id === self?.id) return null;
  return `A ${holder.kind === 'folder' ? 'folder' : 'file'} named “${holder.name}” already exists here.`;
}
