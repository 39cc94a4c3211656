import type { Db, Queryable, SqlValue } from '../db/db';

/** One row of `wh_hooks` (migration 013). */
export interface HookRecord {
  id: string;
  region: string;
  system: string;
  event: string;
  scopeKey: string;
  scopeValue: string;
  callbackUrl: string;
  creatorType: 'Application' | 'O2User';
  /** The client id (Application) or user id (O2User). */
  createdBy: string;
  /** The app whose token created the hook. */
  clientId: string;
  status: 'active' | 'inactive' | 'reactivated';
  autoReactivate: boolean;
  filter: string | string[] | null;
  hookAttribute: Record<string, unknown> | null;
  hookExpiry: string | null;
  expiresAt: Date | null;
  tenant: string;
  hubId: string | null;
  projectId: string | null;
  payloadOnly: boolean;
  /** The per-hook secret; never shown on the wire. */
  token: string | null;
  failedEvents: number;
  reactivationCycles: number;
  inactiveSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const HOOK_COLUMNS = `h.id, h.region, h.system, h.event, h.scope_key AS "scopeKey", h.scope_value AS "scopeValue",
  h.callback_url AS "callbackUrl", h.creator_type AS "creatorType", h.created_by AS "createdBy", h.client_id AS "clientId",
  h.status, h.auto_reactivate AS "autoReactivate", h.filter, h.hook_attribute AS "hookAttribute",
  h.hook_expiry AS "hookExpiry", h.expires_at AS "expiresAt", h.tenant, h.hub_id AS "hubId", h.project_id AS "projectId",
  h.payload_only AS "payloadOnly", h.token, h.failed_events AS "failedEvents",
  h.reactivation_cycles AS "reactivationCycles", h.inactive_since AS "inactiveSince", h.created_at AS "createdAt",
  h.updated_at AS "updatedAt"`;

/** Who owns a hook or a secret: an app (2-legged) or a user (3-legged). */
export interface HookOwner {
  creatorType: HookRecord['creatorType'];
  createdBy: string;
}

/** What a create writes; the counters and status start at their defaults. */
export type NewHook = Omit<
  HookRecord,
  'status' | 'token' | 'failedEvents' | 'reactivationCycles' | 'inactiveSince' | 'createdAt' | 'updatedAt'
>;

/** The fields a PATCH may change; absent ones stay as they are. */
export type HookChanges = Partial<
  Pick<
    HookRecord,
    | 'status'
    | 'autoReactivate'
    | 'filter'
    | 'hookAttribute'
    | 'hookExpiry'
    | 'expiresAt'
    | 'payloadOnly'
    | 'token'
    | 'failedEvents'
    | 'reactivationCycles'
    | 'inactiveSince'
  >
>;

/** A list's filters and its place: after `after` in `order`, at most `limit` rows. */
export interface HookQuery {
  region: string;
  /** The owner's hooks (the lists of §2 rows 6–8)… */
  owner?: HookOwner;
  /** …or every hook one app's tokens created (`/app/hooks`). */
  clientId?: string;
  system?: string;
  event?: string;
  scopeKey?: string;
  scopeValue?: string;
  status?: HookRecord['status'];
  /** `created`: oldest first, stable while hooks change; `updated`: by lastUpdatedDate. */
  order: { by: 'created' | 'updated'; direction: 'asc' | 'desc' };
  after?: { at: Date; id: string };
  limit: number;
}

/** The limit the service publishes: hooks on one event and scope value, whoever owns them. */
export class TooManyHooksError extends Error {}

const CHANGE_COLUMNS: Record<keyof HookChanges, string> = {
  status: 'status',
  autoReactivate: 'auto_reactivate',
  filter: 'filter',
  hookAttribute: 'hook_attribute',
  hookExpiry: 'hook_expiry',
  expiresAt: 'expires_at',
  payloadOnly: 'payload_only',
  token: 'token',
  failedEvents: 'failed_events',
  reactivationCycles: 'reactivation_cycles',
  inactiveSince: 'inactive_since',
};
const JSON_COLUMNS = new Set(['filter', 'hookAttribute']);
const asJson = (value: unknown): string | null => (value === null ? null : JSON.stringify(value));

async function insert(q: Queryable, hook: NewHook, at: Date): Promise<HookRecord | undefined> {
  const [row] = await q.query<HookRecord>(
    `INSERT INTO wh_hooks AS h (id, region, system, event, scope_key, scope_value, callback_url, creator_type,
       created_by, client_id, auto_reactivate, filter, hook_attribute, hook_expiry, expires_at, tenant, hub_id,
       project_id, payload_only, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $20)
     ON CONFLICT DO NOTHING RETURNING ${HOOK_COLUMNS}`,
    [
      hook.id,
      hook.region,
      hook.system,
      hook.event,
      hook.scopeKey,
      hook.scopeValue,
      hook.callbackUrl,
      hook.creatorType,
      hook.createdBy,
      hook.clientId,
      hook.autoReactivate,
      asJson(hook.filter),
      asJson(hook.hookAttribute),
      hook.hookExpiry,
      hook.expiresAt,
      hook.tenant,
      hook.hubId,
      hook.projectId,
      hook.payloadOnly,
      at,
    ],
  );
  return row;
}

async function countSameScope(q: Queryable, hook: NewHook): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM wh_hooks
     WHERE region = $1 AND system = $2 AND event = $3 AND scope_key = $4 AND scope_value = $5`,
    [hook.region, hook.system, hook.event, hook.scopeKey, hook.scopeValue],
  );
  return row?.n ?? 0;
}

/** Hooks and owners' secrets: what the Webhooks API reads and writes. */
export function webhookHooksRepo(db: Db) {
  return {
    async find(id: string): Promise<HookRecord | undefined> {
      const [hook] = await db.query<HookRecord>(`SELECT ${HOOK_COLUMNS} FROM wh_hooks h WHERE h.id = $1`, [id]);
      return hook;
    },
    /**
     * Creates every hook or none: undefined when one of them repeats a hook its owner already has
     * (same region, system, event, scope and callback); `TooManyHooksError` past `perScope` on one scope.
     */
    async createAll(hooks: readonly NewHook[], at: Date, perScope: number): Promise<HookRecord[] | undefined> {
      const duplicate = new Error('duplicate');
      try {
        return await db.transaction(async (tx) => {
          const created: HookRecord[] = [];
          for (const hook of hooks) {
            if ((await countSameScope(tx, hook)) >= perScope) throw new TooManyHooksError(hook.event);
            const row = await insert(tx, hook, at);
            if (!row) throw duplicate;
            created.push(row);
          }
          return created;
        });
      } catch (error) {
        if (error === duplicate) return undefined;
        throw error;
      }
    },
    async list(query: HookQuery): Promise<HookRecord[]> {
      const params: SqlValue[] = [query.region];
      const where = ['h.region = $1'];
      const add = (sql: string, value: SqlValue) => {
        params.push(value);
        where.push(sql.replace('?', `$${params.length}`));
      };
      if (query.owner) {
        add('h.creator_type = ?', query.owner.creatorType);
        add('h.created_by = ?', query.owner.createdBy);
      }
      if (query.clientId !== undefined) add('h.client_id = ?', query.clientId);
      if (query.system !== undefined) add('h.system = ?', query.system);
      if (query.event !== undefined) add('h.event = ?', query.event);
      if (query.scopeKey !== undefined) add('h.scope_key = ?', query.scopeKey);
      if (query.scopeValue !== undefined) add('h.scope_value = ?', query.scopeValue);
      if (query.status !== undefined) add('h.status = ?', query.status);
      const column = query.order.by === 'created' ? 'h.created_at' : 'h.updated_at';
      const direction = query.order.direction === 'asc' ? 'ASC' : 'DESC';
      if (query.after) {
        params.push(query.after.at, query.after.id);
        const [at, id] = [params.length - 1, params.length];
        where.push(`(${column}, h.id) ${direction === 'ASC' ? '>' : '<'} ($${at}, $${id})`);
      }
      params.push(query.limit);
      return db.query<HookRecord>(
        `SELECT ${HOOK_COLUMNS} FROM wh_hooks h WHERE ${where.join(' AND ')}
         ORDER BY ${column} ${direction}, h.id ${direction} LIMIT $${params.length}`,
        params,
      );
    },
    async update(id: string, changes: HookChanges, at: Date): Promise<HookRecord | undefined> {
      const params: SqlValue[] = [id, at];
      const sets = ['updated_at = $2'];
      for (const [field, value] of Object.entries(changes) as [keyof HookChanges, HookChanges[keyof HookChanges]][]) {
        if (value === undefined) continue;
        params.push(JSON_COLUMNS.has(field) ? asJson(value) : (value as SqlValue));
        sets.push(`${CHANGE_COLUMNS[field]} = $${params.length}`);
      }
      const [hook] = await db.query<HookRecord>(
        `UPDATE wh_hooks AS h SET ${sets.join(', ')} WHERE h.id = $1 RETURNING ${HOOK_COLUMNS}`,
        params,
      );
      return hook;
    },
    async remove(id: string): Promise<boolean> {
      const rows = await db.query<{ id: string }>('DELETE FROM wh_hooks WHERE id = $1 RETURNING id', [id]);
      return rows.length > 0;
    },
    /** The project a folder belongs to, so the caller's right to see it can be asked of the hubs. */
    async folderProject(folderId: string): Promise<string | undefined> {
      const [row] = await db.query<{ projectId: string }>(
        'SELECT project_id AS "projectId" FROM dm_folders WHERE id = $1',
        [folderId],
      );
      return row?.projectId;
    },
    async findSecret(region: string, owner: HookOwner): Promise<string | undefined> {
      const [row] = await db.query<{ token: string }>(
        'SELECT token FROM wh_secrets WHERE region = $1 AND creator_type = $2 AND created_by = $3',
        [region, owner.creatorType, owner.createdBy],
      );
      return row?.token;
    },
    /** False when the owner already has a secret in the region. */
    async createSecret(region: string, owner: HookOwner, token: string): Promise<boolean> {
      const rows = await db.query<{ token: string }>(
        `INSERT INTO wh_secrets (region, creator_type, created_by, token) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING token`,
        [region, owner.creatorType, owner.createdBy, token],
      );
      return rows.length > 0;
    },
    async putSecret(region: string, owner: HookOwner, token: string): Promise<void> {
      await db.query(
        `INSERT INTO wh_secrets (region, creator_type, created_by, token) VALUES ($1, $2, $3, $4)
         ON CONFLICT (region, creator_type, created_by) DO UPDATE SET token = EXCLUDED.token`,
        [region, owner.creatorType, owner.createdBy, token],
      );
    },
    async deleteSecret(region: string, owner: HookOwner): Promise<boolean> {
      const rows = await db.query<{ token: string }>(
        'DELETE FROM wh_secrets WHERE region = $1 AND creator_type = $2 AND created_by = $3 RETURNING token',
        [region, owner.creatorType, owner.createdBy],
      );
      return rows.length > 0;
    },
  };
}

export type WebhookHooksRepo = ReturnType<typeof webhookHooksRepo>;
