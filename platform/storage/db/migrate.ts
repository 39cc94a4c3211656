import type { Db } from './db';
import { foundations } from './migrations/001-foundations';
import { oss } from './migrations/003-oss';
import { dataManagement } from './migrations/004-data-management';
import { modelDerivative } from './migrations/005-model-derivative';
import { consents } from './migrations/006-consents';
import { ossSignedResources } from './migrations/007-oss-signed-resources';
import { designAutomation } from './migrations/008-design-automation';
import { teamDeployment } from './migrations/012-team-deployment';
import { webhooks } from './migrations/013-webhooks';

interface Migration {
  id: number;
  name: string;
  sql: string;
}

/** Append only: a released migration is never edited, a change is a new entry. */
export const MIGRATIONS: readonly Migration[] = [
  { id: 1, name: 'foundations', sql: foundations },
  { id: 3, name: 'oss', sql: oss },
  { id: 4, name: 'data-management', sql: dataManagement },
  { id: 5, name: 'model-derivative', sql: modelDerivative },
  { id: 6, name: 'consents', sql: consents },
  { id: 7, name: 'oss-signed-resources', sql: ossSignedResources },
  { id: 8, name: 'design-automation', sql: designAutomation },
  { id: 12, name: 'team-deployment', sql: teamDeployment },
  { id: 13, name: 'webhooks', sql: webhooks },
];

// Any constant works; it only keeps two platforms starting on one server from migrating at once.
const MIGRATION_LOCK = 4_242_001;

export async function migrate(db: Db): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await tx.query<{ id: number }>('SELECT id FROM schema_migrations')).map((row) => row.id));
    const applied: number[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [migration.id, migration.name]);
      applied.push(migration.id);
    }
    return applied;
  });
}
