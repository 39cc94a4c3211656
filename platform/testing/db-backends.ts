import path from 'node:path';
import type { Db } from '../storage/db/db';
import { openDatabase } from '../storage/db/open';

const serverUrl = process.env['TEST_DATABASE_URL'];
if (!serverUrl) {
  if (process.env['CI'])
    throw new Error('CI must set TEST_DATABASE_URL: the storage tests run against PostgreSQL there (.ci/run).');
  console.log('storage tests: TEST_DATABASE_URL is not set, so only the embedded database (PGlite) is tested here.');
}

/** A private schema per run, so tests on a shared server never see each other's rows. */
function withSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

/**
 * The metadata stores a storage test runs on: the embedded PGlite always, and the PostgreSQL server
 * of `TEST_DATABASE_URL` when it is set (CI sets it). Each opens a fresh, migrated database for `dir`.
 */
export const dbBackends: { name: string; open: (dir: string) => Promise<Db> }[] = [
  { name: 'PGlite', open: (dir) => openDatabase({ dataDir: dir }) },
  ...(serverUrl
    ? [
        {
          name: 'PostgreSQL',
          open: async (dir: string) => {
            const schema = `t_${path.basename(dir).replace(/\W/g, '').toLowerCase()}`;
            const admin = await openDatabase({ dataDir: dir, databaseUrl: serverUrl });
            await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
            await admin.close();
            return openDatabase({ dataDir: dir, databaseUrl: withSchema(serverUrl, schema) });
          },
        },
      ]
    : []),
];
