import type { AppType } from '../../../contracts/authentication';
import type { Queryable } from '../db/db';

export interface App {
  clientId: string;
  name: string;
  type: AppType;
  secretHash: string | null;
  callbacks: string[];
  scopes: string[];
  createdAt: Date;
}

const COLUMNS = `client_id AS "clientId", name, type, secret_hash AS "secretHash", callbacks, scopes,
  created_at AS "createdAt"`;

export function appsRepo(db: Queryable) {
  return {
    async create(app: Omit<App, 'createdAt'>): Promise<App> {
      const [created] = await db.query<App>(
        `INSERT INTO apps (client_id, name, type, secret_hash, callbacks, scopes)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
        [app.clientId, app.name, app.type, app.secretHash, app.callbacks, app.scopes],
      );
      return created!;
    },
    async find(clientId: string): Promise<App | undefined> {
      const [app] = await db.query<App>(`SELECT ${COLUMNS} FROM apps WHERE client_id = $1`, [clientId]);
      return app;
    },
    async findByName(name: string): Promise<App | undefined> {
      const [app] = await db.query<App>(`SELECT ${COLUMNS} FROM apps WHERE name = $1 ORDER BY created_at LIMIT 1`, [
        name,
      ]);
      return app;
    },
    /** Every callback URL of every app: logout may return only to one of their origins. */
    async listAllCallbacks(): Promise<string[]> {
      const rows = await db.query<{ callback: string }>('SELECT DISTINCT unnest(callbacks) AS callback FROM apps');
      return rows.map((row) => row.callback);
    },
    async addCallback(clientId: string, callback: string): Promise<void> {
      await db.query(
        `UPDATE apps SET callbacks = array_append(callbacks, $2) WHERE client_id = $1 AND NOT ($2 = ANY (callbacks))`,
        [clientId, callback],
      );
    },
  };
}

export type AppsRepo = ReturnType<typeof appsRepo>;
