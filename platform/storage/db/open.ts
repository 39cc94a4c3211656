import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Db } from './db';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { readTemplate, templateFile, writeTemplate } from './pglite-template';
import { unpackTemplate } from './unpack-template';

export interface OpenDbOptions {
  /** The platform's data directory; PGlite keeps its files in `db/` inside it. */
  dataDir: string;
  /** When set, a PostgreSQL server is used instead of the embedded database. */
  databaseUrl?: string | undefined;
  /** Where an empty, migrated embedded database is kept for the next new data directory; none when unset. */
  templateDir?: string | undefined;
  /** The embedded database's shared buffers in MB; PostgreSQL's 128 when unset. */
  bufferMb?: number | undefined;
}

/** Opens the metadata database and brings its schema up to date. */
export async function openDatabase({ dataDir, databaseUrl, templateDir, bufferMb }: OpenDbOptions): Promise<Db> {
  if (databaseUrl) {
    // Loaded only for a server: node-postgres was a fifth of a second of every embedded start.
    const { openPostgres } = await import('./postgres');
    return migrated(await openPostgres(databaseUrl));
  }
  return openEmbedded(path.join(dataDir, 'db'), templateDir, bufferMb);
}

async function migrated(db: Db): Promise<Db> {
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/**
 * The embedded database in `dir`. A new one starts from the kept template when there is one, unpacked
 * with Node (not PGlite's `loadDataDir`: see unpack-template.ts), against 4.5 s for PGlite's `initdb`
 * and the migrations, most of a first start; else it is made,
 * and its dump, taken before anything but the migrations is written, becomes the template. A
 * template that does not load or migrate is made again; one that cannot be kept only costs the next start.
 */
async function openEmbedded(dir: string, templateDir: string | undefined, bufferMb?: number): Promise<Db> {
  const startParams = bufferMb ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${bufferMb}MB`] : undefined;
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  const file = fresh && templateDir ? await templateFile(templateDir).catch(() => undefined) : undefined;
  const template = file ? await readTemplate(file) : undefined;
  if (template) {
    const loaded = await unpackTemplate(new Uint8Array(await template.arrayBuffer()), dir)
      .then(() => PGlite.create({ dataDir: dir, startParams }))
      .then(async (pg) => migrated(await openPglite(dir, pg)))
      .catch(() => undefined);
    if (loaded) return loaded;
    await rm(dir, { recursive: true, force: true });
  }
  const pg = await PGlite.create({ dataDir: dir, startParams });
  const db = await migrated(await openPglite(dir, pg));
  if (file) await writeTemplate(file, await pg.dumpDataDir('none')).catch(() => undefined);
  return db;
}

/** An empty embedded database in memory, for tests. */
export async function openMemoryDatabase(): Promise<Db> {
  const db = await openPglite(undefined);
  await migrate(db);
  return db;
}
