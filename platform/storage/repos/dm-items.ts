import { DELETED_VERSION_TYPE } from '../../../contracts/data-management';
import type { Queryable } from '../db/db';
import { newItemId } from '../ids';
import { touchRollup, type Actor } from './dm-folders';
import { nameConditions, type NameClause } from './name-filter';

export interface ItemRecord {
  id: string;
  projectId: string;
  folderId: string;
  displayName: string;
  extensionType: string;
  hidden: boolean;
  tipVersion: number;
  createdAt: Date;
  createdBy: string;
  createdByName: string;
  modifiedAt: Date;
  modifiedBy: string;
  modifiedByName: string;
}

export interface VersionRecord {
  id: string;
  itemId: string;
  projectId: string;
  versionNumber: number;
  name: string;
  extensionType: string;
  storageUrn: string | null;
  storageSize: number | null;
  mimeType: string | null;
  fileType: string | null;
  comment: string | null;
  createdAt: Date;
  createdBy: string;
  createdByName: string;
}

export type NewVersion = Pick<
  VersionRecord,
  'name' | 'extensionType' | 'storageUrn' | 'storageSize' | 'mimeType' | 'fileType' | 'comment'
>;

export const ITEM_COLUMNS = `i.id, i.project_id AS "projectId", i.folder_id AS "folderId", i.display_name AS "displayName",
  i.extension_type AS "extensionType", i.hidden, i.tip_version AS "tipVersion", i.created_at AS "createdAt",
  i.created_by AS "createdBy", i.created_by_name AS "createdByName", i.modified_at AS "modifiedAt",
  i.modified_by AS "modifiedBy", i.modified_by_name AS "modifiedByName"`;
export const VERSION_COLUMNS = `v.id, v.item_id AS "itemId", v.project_id AS "projectId", v.version_number AS "versionNumber",
  v.name, v.extension_type AS "extensionType", v.storage_urn AS "storageUrn", v.storage_size AS "storageSize",
  v.mime_type AS "mimeType", v.file_type AS "fileType", v.comment, v.created_at AS "createdAt",
  v.created_by AS "createdBy", v.created_by_name AS "createdByName"`;

/** A version's id is its item's lineage id turned into a file id, with `?version=N`. */
export const versionId = (itemId: string, n: number) =>
  `${itemId.replace(':dm.lineage:', ':fs.file:vf.')}?version=${n}`;

export function dmItemsRepo(db: Queryable) {
  return {
    async find(projectId: string, itemId: string): Promise<ItemRecord | undefined> {
      const [item] = await db.query<ItemRecord>(
        `SELECT ${ITEM_COLUMNS} FROM dm_items i WHERE i.project_id = $1 AND i.id = $2`,
        [projectId, itemId],
      );
      return item;
    },
    async findByName(folderId: string, name: string): Promise<ItemRecord | undefined> {
      const [item] = await db.query<ItemRecord>(
        `SELECT ${ITEM_COLUMNS} FROM dm_items i WHERE i.folder_id = $1 AND lower(i.display_name) = lower($2)`,
        [folderId, name],
      );
      return item;
    },
    // Names are unique in a folder (dm_items_name_in_folder), so the name alone orders a page, straight from that index.
    async inFolder(
      folderId: string,
      includeHidden: boolean,
      offset: number,
      limit: number,
      names: readonly NameClause[] = [],
    ): Promise<ItemRecord[]> {
      const where = nameConditions('i.display_name', names, 5);
      return db.query<ItemRecord>(
        `SELECT ${ITEM_COLUMNS} FROM dm_items i WHERE i.folder_id = $1 AND ($2 OR NOT i.hidden)${where.sql}
         ORDER BY lower(i.display_name) OFFSET $3 LIMIT $4`,
        [folderId, includeHidden, offset, limit, ...where.params],
      );
    },
    async countInFolder(folderId: string, includeHidden: boolean, names: readonly NameClause[] = []): Promise<number> {
      const where = nameConditions('i.display_name', names, 3);
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::integer AS n FROM dm_items i WHERE i.folder_id = $1 AND ($2 OR NOT i.hidden)${where.sql}`,
        [folderId, includeHidden, ...where.params],
      );
      return row?.n ?? 0;
    },
    async tips(itemIds: readonly string[]): Promise<VersionRecord[]> {
      if (!itemIds.length) return [];
      // From the ids outward (two index lookups each): `i.id = ANY (…)` was planned as a scan of both tables.
      return db.query<VersionRecord>(
        `SELECT ${VERSION_COLUMNS} FROM unnest($1::text[]) AS wanted (id) JOIN dm_items i ON i.id = wanted.id
         JOIN dm_versions v ON v.item_id = i.id AND v.version_number = i.tip_version`,
        [itemIds as string[]],
      );
    },
    async versions(itemId: string): Promise<VersionRecord[]> {
      return db.query<VersionRecord>(
        `SELECT ${VERSION_COLUMNS} FROM dm_versions v WHERE v.item_id = $1 ORDER BY v.version_number DESC`,
        [itemId],
      );
    },
    async findVersion(projectId: string, id: string): Promise<VersionRecord | undefined> {
      const [version] = await db.query<VersionRecord>(
        `SELECT ${VERSION_COLUMNS} FROM dm_versions v WHERE v.project_id = $1 AND v.id = $2`,
        [projectId, id],
      );
      return version;
    },
    /** Creates an item with its version 1. Call inside a transaction. */
    async create(
      item: { id: string; projectId: string; folderId: string; displayName: string; extensionType: string },
      first: NewVersion,
      actor: Actor,
      at: Date,
    ): Promise<VersionRecord> {
      await db.query(
        `INSERT INTO dm_items (id, project_id, folder_id, display_name, extension_type, created_at, created_by, created_by_name,
           modified_at, modified_by, modified_by_name) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $6, $7, $8)`,
        [item.id, item.projectId, item.folderId, item.displayName, item.extensionType, at, actor.id, actor.name],
      );
      return this.addVersion(item.id, first, actor, at);
    },
    /**
     * Appends the next version; a Deleted version hides the item, any other shows it again. The counter moves under the item's row lock, so two uploads of the
     * same name at once get versions N and N+1 and neither is lost. Call inside a transaction.
     */
    async addVersion(itemId: string, version: NewVersion, actor: Actor, at: Date): Promise<VersionRecord> {
      const [item] = await db.query<{ n: number; projectId: string; folderId: string }>(
        `UPDATE dm_items SET tip_version = tip_version + 1, modified_at = $2, modified_by = $3, modified_by_name = $4, hidden = $5
         WHERE id = $1 RETURNING tip_version AS n, project_id AS "projectId", folder_id AS "folderId"`,
        [itemId, at, actor.id, actor.name, version.extensionType === DELETED_VERSION_TYPE],
      );
      if (!item) throw new Error(`item ${itemId} does not exist`);
      const [created] = await db.query<VersionRecord>(
        `INSERT INTO dm_versions AS v (id, item_id, project_id, version_number, name, extension_type, storage_urn, storage_size,
           mime_type, file_type, comment, created_at, created_by, created_by_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING ${VERSION_COLUMNS}`,
        [
          versionId(itemId, item.n),
          itemId,
          item.projectId,
          item.n,
          version.name,
          version.extensionType,
          version.storageUrn,
          version.storageSize,
          version.mimeType,
          version.fileType,
          version.comment,
          at,
          actor.id,
          actor.name,
        ],
      );
      await touchRollup(db, item.folderId, at);
      return created!;
    },
    /**
     * Many items at once, each with one version, in two statements: how the demo's large folder is
     * made without thousands of round trips.
     */
    async createMany(
      projectId: string,
      folderId: string,
      files: {
        name: string;
        storageUrn: string | null;
        size: number | null;
        mimeType: string | null;
        fileType: string | null;
      }[],
      extensionTypes: { item: string; version: string },
      actor: Actor,
      at: Date,
    ): Promise<void> {
      const ids = files.map(() => newItemId());
      await db.query(
        `INSERT INTO dm_items (id, project_id, folder_id, display_name, extension_type, tip_version, created_at, created_by,
           created_by_name, modified_at, modified_by, modified_by_name)
         SELECT t.id, $1, $2, t.name, $5, 1, $6, $7, $8, $6, $7, $8 FROM unnest($3::text[], $4::text[]) AS t(id, name)`,
        [projectId, folderId, ids, files.map((file) => file.name), extensionTypes.item, at, actor.id, actor.name],
      );
      await db.query(
        `INSERT INTO dm_versions (id, item_id, project_id, version_number, name, extension_type, storage_urn, storage_size,
           mime_type, file_type, created_at, created_by, created_by_name)
         SELECT t.vid, t.id, $1, 1, t.name, $8, NULLIF(t.urn, ''), NULLIF(t.size, '')::bigint, NULLIF(t.mime, ''), NULLIF(t.ftype, ''), $9, $10, $11
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $12::text[]) AS t(id, vid, name, urn, size, mime, ftype)`,
        [
          projectId,
          ids,
          ids.map((id) => versionId(id, 1)),
          files.map((file) => file.name),
          files.map((file) => file.storageUrn ?? ''),
          files.map((file) => (file.size === null ? '' : String(file.size))),
          files.map((file) => file.mimeType ?? ''),
          extensionTypes.version,
          at,
          actor.id,
          actor.name,
          files.map((file) => file.fileType ?? ''),
        ],
      );
      await touchRollup(db, folderId, at);
    },
    async rename(itemId: string, displayName: string, actor: Actor, at: Date): Promise<void> {
      await db.query(
        'UPDATE dm_items SET display_name = $2, modified_at = $3, modified_by = $4, modified_by_name = $5 WHERE id = $1',
        [itemId, displayName, at, actor.id, actor.name],
      );
    },
  };
}

export type DmItemsRepo = ReturnType<typeof dmItemsRepo>;
