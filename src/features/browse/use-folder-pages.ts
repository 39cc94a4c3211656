import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { FolderContentsResponse } from '../../../contracts/data-management';
import { CONTENTS_PAGE_SIZE, dmQueries, type FolderRef } from '../../api/data-management/queries';
import { rowsOf, type ContentRow } from './content-rows';

export interface FolderPagesInput extends FolderRef {
  includeHidden: boolean;
  /** The service's name filter ('' for none). */
  nameContains: string;
  /** The folder's objectCount: how many rows to make room for before the last page says exactly. */
  estimate: number | undefined;
  /** Rows (in the service's order) on screen now, overscan included. */
  visible: { start: number; end: number };
  /** Sorting by another key, or narrowing what the service sent, needs every row: fetch every page. */
  everything: boolean;
}

export interface FolderPages {
  /** Rows in the service's order; exact once the last page has been seen. */
  count: number;
  exact: boolean;
  rowAt: (index: number) => ContentRow | undefined;
  /** Every row loaded so far, in the service's order. */
  loadedRows: ContentRow[];
  pageCount: number;
  loadedPages: number;
  /** Every page is here and the last one has been seen: the rows are all known. */
  complete: boolean;
  /** The first page, which decides between skeleton, error and empty. */
  first: { isPending: boolean; isLoadingError: boolean; error: Error | null; isFetching: boolean };
  failedPages: number[];
  retryPage: (page: number) => void;
}

const SIZE = CONTENTS_PAGE_SIZE;
const pageOf = (index: number) => Math.floor(index / SIZE);

/**
 * A folder as sparse pages: the list is sized for every row from the start, and a page is fetched
 * only when one of its rows comes on screen, so scrolling to the end of a 5,000-row folder costs the
 * pages on the way, and jumping there costs one. Pages already fetched are read from the cache, so
 * sorting and filtering reuse them.
 */
export function useFolderPages({
  projectId,
  folderId,
  includeHidden,
  nameContains,
  estimate,
  visible,
  everything,
}: FolderPagesInput): FolderPages {
  // Pages the objectCount did not foresee (a folder that grew, or a filtered listing, which has no
  // count), found as the last page says `next`.
  const [extra, setExtra] = useState({ key: '', pages: 0 });
  const key = `${projectId}\n${folderId}\n${includeHidden}\n${nameContains}`;
  const extraPages = extra.key === key ? extra.pages : 0;
  const pageCount = Math.max(1, Math.ceil((nameContains ? 0 : (estimate ?? 0)) / SIZE)) + extraPages;

  const wanted = new Set<number>([0]);
  if (everything) for (let page = 0; page < pageCount; page += 1) wanted.add(page);
  else
    for (
      let page = pageOf(Math.max(0, visible.start));
      page <= pageOf(Math.max(0, visible.end)) && page < pageCount;
      page += 1
    )
      wanted.add(page);

  const results = useQueries({
    queries: Array.from({ length: pageCount }, (_, page) => ({
      ...dmQueries.folderContents({ projectId, folderId, page, type: 'all', includeHidden, nameContains }),
      // Pages off screen stay subscribed so their cached rows count, but only wanted ones fetch.
      enabled: wanted.has(page),
    })),
  });

  const pages = results.map((result) => result.data);
  const lastListed = pages[pageCount - 1];
  // Adjusted while rendering, as React advises for state derived from what a render found: each
  // step lists one more page, which has no `next` until it has loaded, so this cannot loop.
  if (lastListed?.links.next !== undefined) setExtra({ key, pages: extraPages + 1 });

  const { count, exact } = countRows(pages, nameContains ? undefined : estimate);
  const loadedPages = pages.filter(Boolean).length;
  const rowsByPage = pages.map((page) => (page ? cachedRows(page) : undefined));
  // Flattening thousands of rows is for sorting and filtering only, and only when a page changed.
  const signature = everything ? results.map((result) => result.dataUpdatedAt).join() : '';
  const loadedRows = useMemo(
    () => (everything ? rowsByPage.flatMap((rows) => rows ?? []) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `signature` stands for the pages' data
    [everything, signature],
  );
  const firstResult = results[0];

  return {
    count,
    exact,
    rowAt: (index) => rowsByPage[pageOf(index)]?.[index % SIZE],
    loadedRows,
    pageCount: exact ? Math.max(1, Math.ceil(count / SIZE)) : pageCount,
    loadedPages,
    complete: exact && loadedPages >= Math.max(1, Math.ceil(count / SIZE)),
    first: {
      isPending: firstResult?.isPending ?? true,
      isLoadingError: firstResult?.isLoadingError ?? false,
      error: firstResult?.error ?? null,
      isFetching: firstResult?.isFetching ?? false,
    },
    failedPages: results.flatMap((result, page) => (result.isError && result.data === undefined ? [page] : [])),
    retryPage: (page) => void results[page]?.refetch(),
  };
}

/** Rows are made once per response: the list re-renders on every scroll step. */
const rowsCache = new WeakMap<FolderContentsResponse, ContentRow[]>();
function cachedRows(page: FolderContentsResponse): ContentRow[] {
  let rows = rowsCache.get(page);
  if (!rows) rowsCache.set(page, (rows = rowsOf(page)));
  return rows;
}

/**
 * The last page (no `next`) says exactly how many rows there are; before it arrives, objectCount
 * estimates, and any page with a `next` proves there is at least one row after it.
 */
export function countRows(
  pages: (FolderContentsResponse | undefined)[],
  estimate: number | undefined,
): { count: number; exact: boolean } {
  let lower = 0;
  let upper = Infinity;
  for (const [page, data] of pages.entries()) {
    if (!data) continue;
    const end = page * SIZE + data.data.length;
    if (data.links.next) lower = Math.max(lower, end + 1);
    else if (data.data.length > 0 || page === 0) return { count: end, exact: true };
    else upper = Math.min(upper, page * SIZE);
  }
  return { count: Math.min(upper, Math.max(lower, estimate ?? 0)), exact: false };
}
