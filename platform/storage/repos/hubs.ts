import type { Queryable } from '../db/db';
import { newHubId, newProjectId } from '../ids';

export interface HubRecord {
  id: string;
  name: string;
  region: string;
  createdAt: Date;
}

export interface ProjectRecord {
  id: string;
  hubId: string;
  name: string;
  rootFolderId: string | null;
  createdAt: Date;
}

const HUB_COLUMNS = 'h.id, h.name, h.region, h.created_at AS "createdAt"';
const PROJECT_COLUMNS =
  'p.id, p.hub_id AS "hubId", p.name, p.root_folder_id AS "rootFolderId", p.created_at AS "createdAt"';
const VISIBLE_HUB = `(EXISTS (SELECT 1 FROM hub_members m WHERE m.hub_id = p.hub_id AND m.user_id = $1)
  OR EXISTS (SELECT 1 FROM hub_apps a WHERE a.hub_id = p.hub_id AND a.client_id = $2 AND $1::text IS NULL))`;
const principalParams = (principal: Principal) => [
  principal.kind === 'user' ? principal.userId : null,
  principal.clientId,
];

/** Who is asking: a user (3-legged) or an app alone (2-legged). */
export type Principal = { kind: 'user'; userId: string; clientId: string } | { kind: 'app'; clientId: string };

export function hubsRepo(db: Queryable) {
  return {
    async create(name: string): Promise<HubRecord> {
      const [hub] = await db.query<HubRecord>(
        `INSERT INTO hubs AS h (id, name) VALUES ($1, $2) RETURNING ${HUB_COLUMNS}`,
        [newHubId(), name],
      );
      return hub!;
    },
    async findByName(name: string): Promise<HubRecord | undefined> {
      const [hub] = await db.query<HubRecord>(`SELECT ${HUB_COLUMNS} FROM hubs h WHERE h.name = $1 LIMIT 1`, [name]);
      return hub;
    },
    async addMember(hubId: string, userId: string): Promise<void> {
      await db.query('INSERT INTO hub_members (hub_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        hubId,
        userId,
      ]);
    },
    async grantApp(hubId: string, clientId: string): Promise<void> {
      await db.query('INSERT INTO hub_apps (hub_id, client_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        hubId,
        clientId,
      ]);
    },
    /** The hubs a principal may see: a user's memberships, or the hubs an app was granted. */
    async listVisible(principal: Principal): Promise<HubRecord[]> {
      if (principal.kind === 'user') {
        return db.query<HubRecord>(
          `SELECT ${HUB_COLUMNS} FROM hubs h JOIN hub_members m ON m.hub_id = h.id
           WHERE m.user_id = $1 ORDER BY h.name, h.id`,
          [principal.userId],
        );
      }
      return db.query<HubRecord>(
        `SELECT ${HUB_COLUMNS} FROM hubs h JOIN hub_apps a ON a.hub_id = h.id
         WHERE a.client_id = $1 ORDER BY h.name, h.id`,
        [principal.clientId],
      );
    },
    async visibleHub(principal: Principal, hubId: string): Promise<HubRecord | undefined> {
      const [hub] = await db.query<HubRecord>(
        `SELECT ${HUB_COLUMNS} FROM hubs h WHERE h.id = $3 AND (
           EXISTS (SELECT 1 FROM hub_members m WHERE m.hub_id = h.id AND m.user_id = $1)
           OR EXISTS (SELECT 1 FROM hub_apps a WHERE a.hub_id = h.id AND a.client_id = $2 AND $1::text IS NULL))`,
        [...principalParams(principal), hubId],
      );
      return hub;
    },
    async find(hubId: string): Promise<HubRecord | undefined> {
      const [hub] = await db.query<HubRecord>(`SELECT ${HUB_COLUMNS} FROM hubs h WHERE h.id = $1`, [hubId]);
      return hub;
    },
    /** Inserts the project row only; `createProject` in storage/projects.ts also makes its folders. */
    async insertProject(hubId: string, name: string, rootFolderId: string): Promise<ProjectRecord> {
      const [project] = await db.query<ProjectRecord>(
        `INSERT INTO projects AS p (id, hub_id, name, root_folder_id) VALUES ($1, $2, $3, $4) RETURNING ${PROJECT_COLUMNS}`,
        [newProjectId(), hubId, name, rootFolderId],
      );
      return project!;
    },
    async listProjects(hubId: string, offset = 0, limit = 10_000): Promise<ProjectRecord[]> {
      return db.query<ProjectRecord>(
        `SELECT ${PROJECT_COLUMNS} FROM projects p WHERE p.hub_id = $1 ORDER BY lower(p.name), p.id OFFSET $2 LIMIT $3`,
        [hubId, offset, limit],
      );
    },
    /** A project the principal may see: its hub has the user as a member, or (2-legged) was granted to the app. */
    async visibleProject(principal: Principal, projectId: string): Promise<ProjectRecord | undefined> {
      const [project] = await db.query<ProjectRecord>(
        `SELECT ${PROJECT_COLUMNS} FROM projects p WHERE p.id = $3 AND ${VISIBLE_HUB}`,
        [...principalParams(principal), projectId],
      );
      return project;
    },
  };
}

export type HubsRepo = ReturnType<typeof hubsRepo>;
