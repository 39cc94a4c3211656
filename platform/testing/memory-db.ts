import { PGlite } from '@electric-sql/pglite';
import type { Db } from '../storage/db/db';
import { migrate } from '../storage/db/migrate';
import { openPglite } from '../storage/db/pglite';

let template: Promise<Blob> | undefined;

/**
 * A fresh, migrated embedded database. `initdb` costs seconds, so the first call in a test file
 * makes a migrated template and every later one starts from a copy of it.
 */
export async function freshDb(): Promise<Db> {
  template ??= (async () => {
    const pg = await PGlite.create();
    const db = await openPglite(undefined, pg);
    await migrate(db);
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    return dump;
  })();
  const pg = await PGlite.create({ loadDataDir: await template });
  return openPglite(undefined, pg);
}
