import type { Db, Queryable } from '../db/db';

export type DaKind = 'appbundle' | 'activity';

/** One version of an appbundle or activity: the body as it was sent, and an appbundle's zip. */
export interface DaVersionRecord {
  kind: DaKind;
  owner: string;
  name: string;
  version: number;
  engine: string;
  body: Record<string, unknown>;
  blobId: string | null;
  blobSize: number | null;
  createdAt: Date;
}

export interface DaAliasRecord {
  alias: string;
  version: number;
  receiver: string | null;
}

export interface DaItemKey {
  kind: DaKind;
  owner: string;
  name: string;
}

/** A visible id in a list: `owner.name+alias`, `mine` first. */
export interface DaListedId {
  mine: number;
  owner: string;
  name: string;
  alias: string;
}

const VERSION_COLUMNS = `kind, owner, name, version, engine, body, blob_id AS "blobId", blob_size::float8 AS "blobSize", created_at AS "createdAt"`;
const KEY = 'kind = $1 AND owner = $2 AND name = $3';
const keyParams = (key: DaItemKey) => [key.kind, key.owner, key.name];

export type VersionAdded = { version: number } | 'missing' | 'limit';
export type AliasChange = 'done' | 'missing' | 'exists' | 'no-version' | 'limit';
export type VersionDeleted = { blobId: string | null } | 'missing' | 'aliased' | 'last';

/** Appbundles and activities, their versions and aliases: the same rules for both kinds. */
export function daItemsRepo(db: Db) {
  const version = async (key: DaItemKey, number: number, tx: Queryable = db): Promise<DaVersionRecord | undefined> => {
    const [row] = await tx.query<DaVersionRecord>(
      `SELECT ${VERSION_COLUMNS} FROM da_versions WHERE ${KEY} AND version = $4`,
      [...keyParams(key), number],
    );
    return row;
  };
  const latest = async (key: DaItemKey, tx: Queryable = db): Promise<DaVersionRecord | undefined> => {
    const [row] = await tx.query<DaVersionRecord>(
      `SELECT ${VERSION_COLUMNS} FROM da_versions WHERE ${KEY} ORDER BY version DESC LIMIT 1`,
      keyParams(key),
    );
    return row;
  };
  const lockItem = async (tx: Queryable, key: DaItemKey) =>
    (
      await tx.query<{ lastVersion: number }>(
        `SELECT last_version AS "lastVersion" FROM da_items WHERE ${KEY} FOR UPDATE`,
        keyParams(key),
      )
    )[0];
  return {
    version,
    latest,
    /** The item with version 1; false when the name is taken. */
    async create(key: DaItemKey, clientId: string, engine: string, body: object, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const created = await tx.query(
          `INSERT INTO da_items (kind, owner, name, client_id, last_version, created_at) VALUES ($1, $2, $3, $4, 1, $5)
           ON CONFLICT DO NOTHING RETURNING name`,
          [...keyParams(key), clientId, at],
        );
        if (!created.length) return false;
        await tx.query(
          `INSERT INTO da_versions (kind, owner, name, version, engine, body, created_at) VALUES ($1, $2, $3, 1, $4, $5, $6)`,
          [...keyParams(key), engine, JSON.stringify(body), at],
        );
        return true;
      });
    },
    /** A new version numbered after every version the item ever had (a deleted number is not reused). */
    async addVersion(
      key: DaItemKey,
      engine: string,
      body: object,
      at: Date,
      maxVersions: number,
    ): Promise<VersionAdded> {
      return db.transaction(async (tx) => {
        const item = await lockItem(tx, key);
        if (!item) return 'missing';
        const [count] = await tx.query<{ n: number }>(
          `SELECT count(*)::integer AS n FROM da_versions WHERE ${KEY}`,
          keyParams(key),
        );
        if ((count?.n ?? 0) >= maxVersions) return 'limit';
        const next = item.lastVersion + 1;
        await tx.query(`UPDATE da_items SET last_version = $4 WHERE ${KEY}`, [...keyParams(key), next]);
        await tx.query(
          `INSERT INTO da_versions (kind, owner, name, version, engine, body, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [...keyParams(key), next, engine, JSON.stringify(body), at],
        );
        return { version: next };
      });
    },
    /** Version numbers in order, after `after`. */
    async versions(key: DaItemKey, after: number, limit: number): Promise<number[]> {
      const rows = await db.query<{ version: number }>(
        `SELECT version FROM da_versions WHERE ${KEY} AND version > $4 ORDER BY version LIMIT $5`,
        [...keyParams(key), after, limit],
      );
      return rows.map((row) => row.version);
    },
    /** Refused while an alias points at it, or when it is the item's only version. */
    async deleteVersion(key: DaItemKey, number: number): Promise<VersionDeleted> {
      return db.transaction(async (tx) => {
        if (!(await lockItem(tx, key))) return 'missing';
        const target = await version(key, number, tx);
        if (!target) return 'missing';
        const [aliased] = await tx.query(`SELECT 1 FROM da_aliases WHERE ${KEY} AND version = $4 LIMIT 1`, [
          ...keyParams(key),
          number,
        ]);
        if (aliased) return 'aliased';
        const [count] = await tx.query<{ n: number }>(
          `SELECT count(*)::integer AS n FROM da_versions WHERE ${KEY}`,
          keyParams(key),
        );
        if ((count?.n ?? 0) <= 1) return 'last';
        await tx.query(`DELETE FROM da_versions WHERE ${KEY} AND version = $4`, [...keyParams(key), number]);
        return { blobId: target.blobId };
      });
    },
    /** The item with its versions and aliases; the blobs to free, or undefined when there was none. */
    async deleteItem(key: DaItemKey): Promise<string[] | undefined> {
      return db.transaction(async (tx) => {
        const blobs = await tx.query<{ blobId: string }>(
          `SELECT blob_id AS "blobId" FROM da_versions WHERE ${KEY} AND blob_id IS NOT NULL`,
          keyParams(key),
        );
        const deleted = await tx.query(`DELETE FROM da_items WHERE ${KEY} RETURNING name`, keyParams(key));
        return deleted.length ? blobs.map((row) => row.blobId) : undefined;
      });
    },
    async alias(key: DaItemKey, alias: string): Promise<DaAliasRecord | undefined> {
      const [row] = await db.query<DaAliasRecord>(
        `SELECT alias, version, receiver FROM da_aliases WHERE ${KEY} AND alias = $4`,
        [...keyParams(key), alias],
      );
      return row;
    },
    async aliases(key: DaItemKey, after: string, limit: number): Promise<DaAliasRecord[]> {
      return db.query<DaAliasRecord>(
        `SELECT alias, version, receiver FROM da_aliases WHERE ${KEY} AND alias > $4 ORDER BY alias LIMIT $5`,
        [...keyParams(key), after, limit],
      );
    },
    async createAlias(key: DaItemKey, alias: DaAliasRecord, at: Date, maxAliases: number): Promise<AliasChange> {
      return db.transaction(async (tx) => {
        if (!(await lockItem(tx, key))) return 'missing';
        if (!(await version(key, alias.version, tx))) return 'no-version';
        const [count] = await tx.query<{ n: number }>(
          `SELECT count(*)::integer AS n FROM da_aliases WHERE ${KEY}`,
          keyParams(key),
        );
        if ((count?.n ?? 0) >= maxAliases) return 'limit';
        const created = await tx.query(
          `INSERT INTO da_aliases (kind, owner, name, alias, version, receiver, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT DO NOTHING RETURNING alias`,
          [...keyParams(key), alias.alias, alias.version, alias.receiver, at],
        );
        return created.length ? 'done' : 'exists';
      });
    },
    /** `receiver` undefined leaves it as it is; null removes it. */
    async updateAlias(
      key: DaItemKey,
      alias: string,
      change: { version: number; receiver: string | null | undefined },
    ): Promise<AliasChange> {
      return db.transaction(async (tx) => {
        if (!(await lockItem(tx, key))) return 'missing';
        const [exists] = await tx.query(`SELECT 1 FROM da_aliases WHERE ${KEY} AND alias = $4`, [
          ...keyParams(key),
          alias,
        ]);
        if (!exists) return 'missing';
        if (!(await version(key, change.version, tx))) return 'no-version';
        const keepReceiver = change.receiver === undefined;
        const updated = await tx.query(
          `UPDATE da_aliases SET version = $5, receiver = CASE WHEN $6 THEN receiver ELSE $7 END WHERE ${KEY} AND alias = $4 RETURNING alias`,
          [...keyParams(key), alias, change.version, keepReceiver, change.receiver ?? null],
        );
        return updated.length ? 'done' : 'missing';
      });
    },
    async deleteAlias(key: DaItemKey, alias: string): Promise<boolean> {
      return (
        (
          await db.query(`DELETE FROM da_aliases WHERE ${KEY} AND alias = $4 RETURNING alias`, [
            ...keyParams(key),
            alias,
          ])
        ).length > 0
      );
    },
    /**
     * The ids an app sees, in order: its own items, each as `+$LATEST` and under every alias, then the
     * aliases other apps share with one of `receivers`; after the `after` position.
     */
    async listVisible(
      kind: DaKind,
      owner: string,
      receivers: readonly string[],
      after: DaListedId | null,
      limit: number,
    ): Promise<DaListedId[]> {
      const start = after ?? { mine: -1, owner: '', name: '', alias: '' };
      return db.query<DaListedId>(
        `SELECT mine, owner, name, alias FROM (
           SELECT 0 AS mine, owner, name, '$LATEST' COLLATE "C" AS alias FROM da_items WHERE kind = $1 AND owner = $2
           UNION ALL SELECT 0, owner, name, alias FROM da_aliases WHERE kind = $1 AND owner = $2
           UNION ALL SELECT 1, owner, name, alias FROM da_aliases WHERE kind = $1 AND owner <> $2 AND receiver = ANY($3)
         ) ids WHERE (mine, owner, name, alias) > ($4, $5, $6, $7) ORDER BY mine, owner, name, alias LIMIT $8`,
        [kind, owner, [...receivers], start.mine, start.owner, start.name, start.alias, limit],
      );
    },
    /** Aliases of `owner`'s items that name a receiver, ordered by kind, name and alias. */
    async shares(owner: string, after: { kind: string; name: string; alias: string } | null, limit: number) {
      const start = after ?? { kind: '', name: '', alias: '' };
      return db.query<{ kind: DaKind; name: string; alias: string; receiver: string }>(
        `SELECT kind, name, alias, receiver FROM da_aliases WHERE owner = $1 AND receiver IS NOT NULL
         AND (kind COLLATE "C", name, alias) > ($2, $3, $4) ORDER BY kind COLLATE "C", name, alias LIMIT $5`,
        [owner, start.kind, start.name, start.alias, limit],
      );
    },
    /** Records an appbundle version's uploaded zip; the zip it replaces is returned to be freed. */
    async setPackage(
      key: DaItemKey,
      number: number,
      blob: { id: string; size: number },
      at: Date,
    ): Promise<{ replaced: string | null } | 'missing'> {
      return db.transaction(async (tx) => {
        const [current] = await tx.query<{ blobId: string | null }>(
          `SELECT blob_id AS "blobId" FROM da_versions WHERE ${KEY} AND version = $4 FOR UPDATE`,
          [...keyParams(key), number],
        );
        if (!current) return 'missing';
        await tx.query(
          `UPDATE da_versions SET blob_id = $5, blob_size = $6, uploaded_at = $7 WHERE ${KEY} AND version = $4`,
          [...keyParams(key), number, blob.id, blob.size, at],
        );
        return { replaced: current.blobId };
      });
    },
  };
}

export type DaItemsRepo = ReturnType<typeof daItemsRepo>;
