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
  createdAt: Date;
}

const HUB_COLUMNS = 'h.id, h.name, h.region, h.created_at AS "createdAt"';
const PROJECT_COLUMNS = 'id, hub_id AS "hubId", name, created_at AS "createdAt"';

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
      await db.query('INSERT INTO hub_members (hub_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [hubId, userId]);
    },
    async grantApp(hubId: string, clientId: string): Promise<void> {
      await db.query('INSERT INTO hub_apps (hub_id, client_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [hubId, clientId]);
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
    async find(hubId: string): Promise<HubRecord | undefined> {
      const [hub] = await db.query<HubRecord>(`SELECT ${HUB_COLUMNS} FROM hubs h WHERE h.id = $1`, [hubId]);
      return hub;
    },
    async createProject(hubId: string, name: string): Promise<ProjectRecord> {
      const [project] = await db.query<ProjectRecord>(
        `INSERT INTO projects (id, hub_id, name) VALUES ($1, $2, $3) RETURNING ${PROJECT_COLUMNS}`,
        [newProjectId(), hubId, name],
      );
      return project!;
    },
    async listProjects(hubId: string): Promise<ProjectRecord[]> {
      return db.query<ProjectRecord>(`SELECT ${PROJECT_COLUMNS} FROM projects WHERE hub_id = $1 ORDER BY name, id`, [hubId]);
    },
  };
}

export type HubsRepo = ReturnType<typeof hubsRepo>;
