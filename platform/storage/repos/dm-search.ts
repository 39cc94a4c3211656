import type { Queryable } from '../db/db';
import { ITEM_COLUMNS, VERSION_COLUMNS, type ItemRecord, type VersionRecord } from './dm-items';
import { nameConditions, type NameClause } from './name-filter';

/** The version attributes a folder search filters on, and the column each is kept in. */
export const SEARCH_COLUMNS = {
  id: 'v.id',
  name: 'v.name',
  displayName: 'v.name',
  fileType: 'v.file_type',
  mimeType: 'v.mime_type',
  'extension.type': 'v.extension_type',
  createUserId: 'v.created_by',
  createUserName: 'v.created_by_name',
  lastModifiedUserId: 'v.created_by',
  lastModifiedUserName: 'v.created_by_name',
} as const;
export type SearchField = keyof typeof SEARCH_COLUMNS;

export interface SearchClause extends NameClause {
  field: SearchField;
}

export interface SearchPage {
  tips: VersionRecord[];
  items: ItemRecord[];
  total: number;
}

/**
 * Tip versions of the items in a folder and every folder below it, as Data Management's folder search
 * lists them: hidden items and whatever sits in a hidden folder stay out, as they do in the service's UI.
 */
export function dmSearchRepo(db: Queryable) {
  return {
    async tipsUnder(
      folderId: string,
      clauses: readonly SearchClause[],
      offset: number,
      limit: number,
    ): Promise<SearchPage> {
      let where = '';
      const params: string[][] = [];
      for (const clause of clauses) {
        const condition = nameConditions(SEARCH_COLUMNS[clause.field], [clause], 4 + params.length);
        where += condition.sql;
        params.push(...condition.params);
      }
      const rows = await db.query<VersionRecord & { total: number }>(
        `WITH RECURSIVE tree AS (
           SELECT id FROM dm_folders WHERE id = $1
           UNION ALL SELECT f.id FROM dm_folders f JOIN tree ON f.parent_id = tree.id WHERE NOT f.hidden)
         SELECT ${VERSION_COLUMNS}, count(*) OVER ()::integer AS total
         FROM dm_items i JOIN tree ON i.folder_id = tree.id
         JOIN dm_versions v ON v.item_id = i.id AND v.version_number = i.tip_version
         WHERE NOT i.hidden${where}
         ORDER BY lower(v.name), v.id OFFSET $2 LIMIT $3`,
        [folderId, offset, limit, ...params],
      );
      const tips = rows.map(({ total: _total, ...version }) => version);
      const items = tips.length
        ? await db.query<ItemRecord>(
            `SELECT ${ITEM_COLUMNS} FROM dm_items i WHERE i.id = ANY ($1::text[]) ORDER BY lower(i.display_name), i.id`,
            [tips.map((tip) => tip.itemId)],
          )
        : [];
      // A page past the end has no rows to carry the count; one more query finds it only then.
      const total = rows[0]?.total ?? (offset > 0 ? await this.countUnder(folderId, clauses) : 0);
      return { tips, items, total };
    },
    async countUnder(folderId: string, clauses: readonly SearchClause[]): Promise<number> {
      return (await this.tipsUnder(folderId, clauses, 0, 1)).total;
    },
  };
}

export type DmSearchRepo = ReturnType<typeof dmSearchRepo>;
