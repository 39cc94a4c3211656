import type { FolderRecord } from '../../storage/repos/dm-folders';
import type { ItemRecord, VersionRecord } from '../../storage/repos/dm-items';
import type { Stores } from '../../storage/stores';
import { FOLDER_TYPE } from '../../../contracts/data-management';
import { jsonApiError } from '../../http/errors';
import type { Page } from './paging';
import type { NameClause } from '../../storage/repos/name-filter';
import { readFieldFilters } from './filters';

export interface ContentsQuery {
  types: Set<'folders' | 'items'>;
  extensionTypes: string[];
  includeHidden: boolean;
  /** `filter[displayName]` and its operators (`-contains`, `-starts`…): which names to list. */
  names: NameClause[];
  page: Page;
}

export interface Contents {
  folders: FolderRecord[];
  items: ItemRecord[];
  tips: VersionRecord[];
  total: number;
}

export function readContentsQuery(query: URLSearchParams, page: Page): ContentsQuery {
  const requested = query.getAll('filter[type]').flatMap((value) => value.split(','));
  for (const type of requested) {
    if (type !== 'folders' && type !== 'items') {
      throw jsonApiError(
        400,
        'BAD_INPUT',
        'Bad input',
        `filter[type] must be folders or items, not "${type.slice(0, 40)}".`,
      );
    }
  }
  const hidden = query.get('includeHidden');
  if (hidden !== null && hidden !== 'true' && hidden !== 'false') {
    throw jsonApiError(400, 'BAD_INPUT', 'Bad input', 'includeHidden must be true or false.');
  }
  return {
    types: new Set((requested.length ? requested : ['folders', 'items']) as ('folders' | 'items')[]),
    extensionTypes: query.getAll('filter[extension.type]').flatMap((value) => value.split(',')),
    includeHidden: hidden === 'true',
    names: readNameFilters(query),
    page,
  };
}

/** `filter[displayName]` or `filter[attributes.displayName]`, with or without an operator. */
const readNameFilters = (query: URLSearchParams): NameClause[] =>
  readFieldFilters(query, (field) => field === 'displayName').map(({ operator, values }) => ({ operator, values }));

/**
 * One page of a folder: its folders first, then its items, each by name. Folders and items are
 * counted separately so a page in the middle costs two indexed range reads, not a merge of both.
 */
export async function folderContents(stores: Stores, folderId: string, query: ContentsQuery): Promise<Contents> {
  const wantsFolders =
    query.types.has('folders') && (!query.extensionTypes.length || query.extensionTypes.includes(FOLDER_TYPE));
  const wantsItems =
    query.types.has('items') &&
    (!query.extensionTypes.length || query.extensionTypes.some((type) => type.startsWith('items:')));
  const folderCount = wantsFolders ? await stores.folders.countChildren(folderId, query.includeHidden, query.names) : 0;
  const itemCount = wantsItems ? await stores.items.countInFolder(folderId, query.includeHidden, query.names) : 0;
  const { offset, limit } = query.page;
  const folders =
    wantsFolders && offset < folderCount
      ? await stores.folders.children(folderId, query.includeHidden, offset, limit, query.names)
      : [];
  const itemOffset = Math.max(0, offset - folderCount);
  const itemLimit = limit - folders.length;
  let items =
    wantsItems && itemLimit > 0
      ? await stores.items.inFolder(folderId, query.includeHidden, itemOffset, itemLimit, query.names)
      : [];
  if (query.extensionTypes.length) items = items.filter((item) => query.extensionTypes.includes(item.extensionType));
  const tips = await stores.items.tips(items.map((item) => item.id));
  return { folders, items, tips, total: folderCount + itemCount };
}
