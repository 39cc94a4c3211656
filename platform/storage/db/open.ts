import path from 'node:path';
import type { Db } from './db';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export interface OpenDbOptions {
  /** The platform's data directory; PGlite keeps its files in `db/` inside it. */
  dataDir: string;
  /** When set, a PostgreSQL server is used instead of the embedded database. */
  databaseUrl?: string | undefined;
}

/** Opens the metadata database and brings its schema up to date. */
export async function openDatabase({ dataDir, databaseUrl }: OpenDbOptions): Promise<Db> {
  const db = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(path.join(dataDir, 'db'));
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** An empty embedded database in memory, for tests. */
export async function openMemoryDatabase(): Promise<Db> {
  const db = await openPglite(undefined);
  await migrate(db);
  return db;
}
