import type { Db, Queryable } from '../db/db';

export interface DaPublicKey {
  Exponent: string;
  Modulus: string;
}

/** An app's Design Automation settings: its nickname, public key and the limits it lowered. */
export interface DaAppRecord {
  clientId: string;
  nickname: string | null;
  publicKey: DaPublicKey | null;
  /** `limitProcessingTimeSec` by engine product, as `PUT /servicelimits/me` set them. */
  limits: { processingTimeSec?: Record<string, number> };
}

const COLUMNS = `client_id AS "clientId", nickname, public_key AS "publicKey", limits`;

export type NicknameChange = 'set' | 'taken' | 'has-data';

/** Nicknames and per-app limits; an app without a row has no nickname and the default limits. */
export function daAppsRepo(db: Db) {
  const find = async (clientId: string, tx: Queryable = db): Promise<DaAppRecord | undefined> => {
    const [row] = await tx.query<DaAppRecord>(`SELECT ${COLUMNS} FROM da_apps WHERE client_id = $1`, [clientId]);
    return row;
  };
  return {
    find,
    /** The name that owns the app's ids: its nickname, else its client id. */
    async ownerOf(clientId: string): Promise<string> {
      return (await find(clientId))?.nickname ?? clientId;
    },
    /** The receivers an owner's shares match: the owner's name, its client id, and `everyone`. */
    async receiversOf(owner: string): Promise<string[]> {
      const [app] = await db.query<{ clientId: string }>(
        `SELECT client_id AS "clientId" FROM da_apps WHERE nickname = $1`,
        [owner],
      );
      return [...new Set([owner, app?.clientId ?? owner, 'everyone'])];
    },
    /** Whether `name` names an app: a registered client id or a nickname. */
    async appExists(name: string): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM apps WHERE client_id = $1 UNION ALL SELECT 1 FROM da_apps WHERE lower(nickname) = lower($1) LIMIT 1`,
        [name],
      );
      return rows.length > 0;
    },
    /**
     * Sets the nickname (and public key). It must be free, not another app's client id, and the app
     * may own no appbundle or activity, unless the nickname is the one it already has.
     */
    async setNickname(clientId: string, nickname: string, publicKey: DaPublicKey | null): Promise<NicknameChange> {
      return db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['da-nicknames']);
        const current = await find(clientId, tx);
        const [taken] = await tx.query(
          `SELECT 1 FROM da_apps WHERE lower(nickname) = lower($1) AND client_id <> $2
           UNION ALL SELECT 1 FROM apps WHERE client_id = $1 AND client_id <> $2 LIMIT 1`,
          [nickname, clientId],
        );
        if (taken) return 'taken';
        if (current?.nickname !== nickname) {
          const [data] = await tx.query('SELECT 1 FROM da_items WHERE client_id = $1 LIMIT 1', [clientId]);
          if (data) return 'has-data';
        }
        await tx.query(
          `INSERT INTO da_apps (client_id, nickname, public_key) VALUES ($1, $2, $3)
           ON CONFLICT (client_id) DO UPDATE SET nickname = $2, public_key = COALESCE($3, da_apps.public_key)`,
          [clientId, nickname, publicKey === null ? null : JSON.stringify(publicKey)],
        );
        return 'set';
      });
    },
    async setProcessingTimeLimits(clientId: string, limits: Record<string, number>): Promise<void> {
      await db.query(
        `INSERT INTO da_apps (client_id, limits) VALUES ($1, jsonb_build_object('processingTimeSec', $2::jsonb))
         ON CONFLICT (client_id) DO UPDATE SET limits = jsonb_set(da_apps.limits, '{processingTimeSec}',
           COALESCE(da_apps.limits->'processingTimeSec', '{}'::jsonb) || $2::jsonb)`,
        [clientId, JSON.stringify(limits)],
      );
    },
    async resetLimits(clientId: string): Promise<void> {
      await db.query(`UPDATE da_apps SET limits = '{}' WHERE client_id = $1`, [clientId]);
    },
    /**
     * `DELETE /forgeapps/me`: every appbundle and activity of the app, its nickname and its limits.
     * Workitems stay (their status is kept for their retention). Returns the blobs to free.
     */
    async deleteAll(clientId: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        const blobs = await tx.query<{ blobId: string }>(
          `SELECT v.blob_id AS "blobId" FROM da_versions v JOIN da_items i USING (kind, owner, name)
           WHERE i.client_id = $1 AND v.blob_id IS NOT NULL`,
          [clientId],
        );
        await tx.query('DELETE FROM da_items WHERE client_id = $1', [clientId]);
        await tx.query('DELETE FROM da_apps WHERE client_id = $1', [clientId]);
        return blobs.map((row) => row.blobId);
      });
    },
  };
}

export type DaAppsRepo = ReturnType<typeof daAppsRepo>;
