import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { dmQueries } from '../../api/data-management/queries';
import { describeError } from '../../api/describe-error';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type { CurrentPlace, PalettePaths, PaletteTarget } from './targets';
import { useFolderPaths } from './use-folder-paths';

/** Typing settles this long before a search is sent: each one spends a request of the rate limit. */
export const SEARCH_DELAY_MS = 250;
/** Fewer letters than this match too much to be worth a request. */
export const MIN_SEARCH_LENGTH = 2;

/**
 * The spellings to ask for. The service matches names case-sensitively and has no case-insensitive
 * operator, so the text goes as typed, in lower case, in upper case and capitalized, as alternatives.
 * Commas go: the service reads them as "or" and has no escape for one.
 */
export function fileSpellings(text: string): string[] {
  const plain = text.replace(/,/g, ' ').trim();
  if (!plain) return [];
  const lower = plain.toLowerCase();
  return [...new Set([plain, lower, plain.toUpperCase(), lower.charAt(0).toUpperCase() + lower.slice(1)])];
}

export type FileSearchStatus = 'off' | 'waiting' | 'searching' | 'done' | 'failed';

export interface FileSearch {
  status: FileSearchStatus;
  files: PaletteTarget[];
  projectName?: string;
  error?: string;
}

/**
 * Files of the project on screen whose name holds `text`, by the service's folder search over each
 * top folder. A newer text replaces the query, and React Query aborts the older request's signal;
 * a 429 waits in the HTTP layer as every request of the app does.
 */
export function useFileSearch(place: CurrentPlace, text: string, paths: PalettePaths, active: boolean): FileSearch {
  const { hubId, projectId } = place;
  const settled = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const wanted = active && !!hubId && !!projectId && settled.length >= MIN_SEARCH_LENGTH;
  const queryClient = useQueryClient();
  const top = useQuery({ ...dmQueries.topFolders(hubId ?? '', projectId ?? ''), enabled: wanted });
  const nameContains = fileSpellings(settled);
  const folders = (top.data?.data ?? []).filter((folder) => !folder.attributes.hidden);
  const searches = useQueries({
    queries: folders.map((folder) => ({
      ...dmQueries.folderSearch({ projectId: projectId ?? '', folderId: folder.id, nameContains }),
      enabled: wanted,
    })),
  });
  const parents = new Map(
    searches.flatMap((search) =>
      (search.data?.included ?? []).map((item) => [item.id, item.relationships['parent']?.data?.id ?? ''] as const),
    ),
  );
  const folderPaths = useFolderPaths(projectId ?? '', [...parents.values()].filter(Boolean), folders);
  if (!hubId || !projectId) return { status: 'off', files: [] };
  const projectName = queryClient.getQueryData(dmQueries.project(hubId, projectId).queryKey)?.data.attributes.name;
  if (text.trim().length < MIN_SEARCH_LENGTH) return { status: 'off', files: [], projectName };
  if (text.trim() !== settled) return { status: 'waiting', files: [], projectName };
  const failure = top.error ?? searches.find((search) => search.error)?.error;
  if (failure) return { status: 'failed', files: [], projectName, error: describeError(failure).message };
  const files = new Map<string, PaletteTarget>();
  for (const search of searches) {
    for (const version of search.data?.data ?? []) {
      const itemId = version.relationships['item']?.data?.id;
      if (!itemId || files.has(itemId)) continue;
      files.set(itemId, {
        kind: 'item',
        id: itemId,
        name: version.attributes.displayName,
        // Files of one name differ by where they are: the folder path says it, the project until it is known.
        context: [
          folderPaths.get(parents.get(itemId) ?? '') ?? projectName,
          `version ${version.attributes.versionNumber}`,
        ]
          .filter(Boolean)
          .join(' · '),
        path: paths.item(hubId, projectId, itemId),
      });
    }
  }
  const searching = top.isPending || searches.some((search) => search.isPending);
  return { status: searching ? 'searching' : 'done', files: [...files.values()], projectName };
}
