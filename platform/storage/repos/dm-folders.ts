import type { Queryable } from '../db/db';
import { nameConditions, type NameClause } from './name-filter';

export interface Actor {
  id: string;
  name: string;
}

export interface FolderRecord {
  id: string;
  projectId: string;
  parentId: string | null;
  name: string;
  hidden: boolean;
  createdAt: Date;
  createdBy: string;
  createdByName: string;
  modifiedAt: Date;
  modifiedBy: string;
  modifiedByName: string;
  rollupAt: Date;
  objectCount: number;
}

/** A folder as a chain of folders names it. */
export interface FolderLink {
  id: string;
  name: string;
}

export const FOLDER_COLUMNS = `f.id, f.project_id AS "projectId", f.parent_id AS "parentId", f.name, f.hidden,
  f.created_at AS "createdAt", f.created_by AS "createdBy", f.created_by_name AS "createdByName",
  f.modified_at AS "modifiedAt", f.modified_by AS "modifiedBy", f.modified_by_name AS "modifiedByName",
  f.rollup_at AS "rollupAt",
  ((SELECT count(*) FROM dm_folders c WHERE c.parent_id = f.id) + (SELECT count(*) FROM dm_items i WHERE i.folder_id = f.id))::integer AS "objectCount"`;

export function dmFoldersRepo(db: Queryable) {
  return {
    async find(projectId: string, folderId: string): Promise<FolderRecord | undefined> {
      const [folder] = await db.query<FolderRecord>(
        `SELECT ${FOLDER_COLUMNS} FROM dm_folders f WHERE f.project_id = $1 AND f.id = $2`,
        [projectId, folderId],
      );
      return folder;
    },
    // Names are unique among a folder's children (dm_folders_name_in_parent): the name alone orders a page, from that index.
    async children(
      folderId: string,
      includeHidden: boolean,
      offset: number,
      limit: number,
      names: readonly NameClause[] = [],
    ): Promise<FolderRecord[]> {
      const where = nameConditions('f.name', names, 5);
      return db.query<FolderRecord>(
        `SELECT ${FOLDER_COLUMNS} FROM dm_folders f WHERE f.parent_id = $1 AND ($2 OR NOT f.hidden)${where.sql}
         ORDER BY lower(f.name) OFFSET $3 LIMIT $4`,
        [folderId, includeHidden, offset, limit, ...where.params],
      );
    },
    async countChildren(folderId: string, includeHidden: boolean, names: readonly NameClause[] = []): Promise<number> {
      const where = nameConditions('f.name', names, 3);
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::integer AS n FROM dm_folders f WHERE f.parent_id = $1 AND ($2 OR NOT f.hidden)${where.sql}`,
        [folderId, includeHidden, ...where.params],
      );
      return row?.n ?? 0;
    },
    async create(
      folder: { id: string; projectId: string; parentId: string | null; name: string; hidden?: boolean },
      actor: Actor,
      at: Date,
    ): Promise<void> {
      await db.query(
        `INSERT INTO dm_folders (id, project_id, parent_id, name, hidden, created_at, created_by, created_by_name,
           modified_at, modified_by, modified_by_name, rollup_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $6, $7, $8, $6)`,
        [folder.id, folder.projectId, folder.parentId, folder.name, folder.hidden ?? false, at, actor.id, actor.name],
      );
      if (folder.parentId) await touchRollup(db, folder.parentId, at);
    },
    async update(
      folderId: string,
      change: { name?: string; hidden?: boolean; parentId?: string },
      actor: Actor,
      at: Date,
    ): Promise<void> {
      const [before] = await db.query<{ parentId: string | null }>(
        'SELECT parent_id AS "parentId" FROM dm_folders WHERE id = $1',
        [folderId],
      );
      await db.query(
        `UPDATE dm_folders SET name = COALESCE($2, name), hidden = COALESCE($3, hidden), parent_id = COALESCE($7, parent_id),
           modified_at = $4, modified_by = $5, modified_by_name = $6, rollup_at = $4 WHERE id = $1`,
        [folderId, change.name ?? null, change.hidden ?? null, at, actor.id, actor.name, change.parentId ?? null],
      );
      // A move changes what both the old and the new parent hold.
      if (before?.parentId) await touchRollup(db, before.parentId, at);
      if (change.parentId) await touchRollup(db, change.parentId, at);
    },
    /** True when `folderId` is `ancestorId` or lies anywhere below it: a folder cannot move into itself. */
    async isWithin(folderId: string, ancestorId: string): Promise<boolean> {
      const rows = await db.query(
        `WITH RECURSIVE up AS (SELECT id, parent_id FROM dm_folders WHERE id = $1
           UNION ALL SELECT f.id, f.parent_id FROM dm_folders f JOIN up ON f.id = up.parent_id)
         SELECT 1 FROM up WHERE id = $2 LIMIT 1`,
        [folderId, ancestorId],
      );
      return rows.length > 0;
    },
    /** The folder and every folder above it, the project's root first: what a webhook's folder scope may name. */
    async chain(folderId: string): Promise<FolderLink[]> {
      return db.query<FolderLink>(
        `WITH RECURSIVE up AS (SELECT id, parent_id, name, 0 AS depth FROM dm_folders WHERE id = $1
           UNION ALL SELECT f.id, f.parent_id, f.name, up.depth + 1 FROM dm_folders f JOIN up ON f.id = up.parent_id)
         SELECT id, name FROM up ORDER BY depth DESC`,
        [folderId],
      );
    },
    async nameTaken(parentId: string, name: string): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM dm_folders WHERE parent_id = $1 AND lower(name) = lower($2)
         UNION ALL SELECT 1 FROM dm_items WHERE folder_id = $1 AND lower(display_name) = lower($2) LIMIT 1`,
        [parentId, name],
      );
      return rows.length > 0;
    },
  };
}

/** A change inside a folder moves `lastModifiedTimeRollup` of it and every folder above it. */
export async function touchRollup(db: Queryable, folderId: string, at: Date): Promise<void> {
  await db.query(
    `WITH RECURSIVE up AS (SELECT id, parent_id FROM dm_folders WHERE id = $1
       UNION ALL SELECT f.id, f.parent_id FROM dm_folders f JOIN up ON f.id = up.parent_id)
     UPDATE dm_folders SET rollup_at = GREATEST(rollup_at, $2) WHERE id IN (SELECT id FROM up)`,
    [folderId, at],
  );
}

export type DmFoldersRepo = ReturnType<typeof dmFoldersRepo>;
