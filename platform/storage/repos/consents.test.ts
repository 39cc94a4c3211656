import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbBackends } from '../../testing/db-backends';
import type { Db } from '../db/db';
import { consentsRepo, type ConsentsRepo } from './consents';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);

// Remembered consent on every metadata store the platform runs on: PGlite, and PostgreSQL in CI.
describe.each(dbBackends)('consents on $name', ({ open }) => {
  let dir: string;
  let db: Db;
  let consents: ConsentsRepo;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-consents-repo-'));
    db = await open(dir);
    consents = consentsRepo(db);
    await db.query(
      `INSERT INTO users (id, email, name, password_hash) VALUES ('u1', 'a@example.com', 'A', 'x'), ('u2', 'b@example.com', 'B', 'x')`,
    );
    await db.query(
      `INSERT INTO apps (client_id, name, type, scopes) VALUES ('app-1', 'Viewer', 'spa', '{}'), ('app-2', 'Editor', 'spa', '{}')`,
    );
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('widens a consent with each new scope set, and keeps when it was first given', async () => {
    await consents.remember('u1', 'app-1', ['data:read', 'data:read'], at(0));
    await consents.remember('u1', 'app-1', ['data:write', 'data:read'], at(60));
    await consents.remember('u1', 'app-2', ['bucket:read'], at(120));
    expect(await consents.grantedScopes('u1', 'app-1')).toEqual(['data:read', 'data:write']);
    expect(await consents.grantedScopes('u2', 'app-1')).toEqual([]);
    expect(await consents.listForUser('u1')).toEqual([
      { clientId: 'app-2', appName: 'Editor', scopes: ['bucket:read'], grantedAt: at(120), updatedAt: at(120) },
      {
        clientId: 'app-1',
        appName: 'Viewer',
        scopes: ['data:read', 'data:write'],
        grantedAt: at(0),
        updatedAt: at(60),
      },
    ]);
  });

  it('withdraws one person’s consent to one app with the sessions it holds, and nothing else', async () => {
    await consents.remember('u2', 'app-1', ['data:read'], at(0));
    await db.query(`INSERT INTO token_families (id, client_id, user_id, scopes) VALUES
      ('f-u2-app1', 'app-1', 'u2', '{}'), ('f-u1-app1', 'app-1', 'u1', '{}'), ('f-u2-app2', 'app-2', 'u2', '{}')`);
    await db.query(
      `INSERT INTO access_tokens (jti, client_id, family_id, expires_at) VALUES ('t-u2-app1', 'app-1', 'f-u2-app1', $1)`,
      [at(3600)],
    );

    expect(await consents.withdraw('u2', 'app-1', at(10))).toBe(true);
    expect(await consents.withdraw('u2', 'app-1', at(20))).toBe(false);
    expect(await consents.grantedScopes('u2', 'app-1')).toEqual([]);
    expect(await consents.grantedScopes('u1', 'app-1')).toEqual(['data:read', 'data:write']);
    const families = await db.query<{ id: string; revoked: boolean }>(
      'SELECT id, revoked_at IS NOT NULL AS revoked FROM token_families ORDER BY id',
    );
    expect(families).toEqual([
      { id: 'f-u1-app1', revoked: false },
      { id: 'f-u2-app1', revoked: true },
      { id: 'f-u2-app2', revoked: false },
    ]);
    expect(await db.query('SELECT revoked_at AS "revokedAt" FROM access_tokens')).toEqual([{ revokedAt: at(10) }]);
  });
});
