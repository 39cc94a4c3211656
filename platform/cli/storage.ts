import path from 'node:path';
import { openDatabase } from '../storage/db/open';
import { defaultTemplateDir } from '../storage/db/pglite-template';
import { lockDataDir } from '../storage/data-dir';
import { createStores, type Stores } from '../storage/stores';

export const DEFAULT_DATA_DIR = '.data';

export interface OpenedStorage {
  stores: Stores;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Opens the data directory and the database for a command. With `DATABASE_URL` an admin command
 * does not need the directory, so it may run beside a serving platform.
 */
export async function openStorage(
  dataDirFlag: string | undefined,
  forServe: boolean,
  bufferMb?: number,
  /** A PostgreSQL server, or null for the embedded database. */
  databaseUrl: string | null = process.env['DATABASE_URL'] || null,
): Promise<OpenedStorage> {
  const dataDir = path.resolve(dataDirFlag ?? DEFAULT_DATA_DIR);
  const release = forServe || !databaseUrl ? await lockDataDir(dataDir) : () => undefined;
  try {
    const db = await openDatabase({
      dataDir,
      databaseUrl: databaseUrl ?? undefined,
      templateDir: defaultTemplateDir(),
      bufferMb,
    });
    return {
      stores: createStores(db),
      dataDir,
      async close() {
        await db.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
