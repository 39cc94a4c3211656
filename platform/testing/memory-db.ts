import { readFile, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Db } from '../storage/db/db';
import { openPglite } from '../storage/db/pglite';
import { migratedTemplate } from '../storage/db/pglite-template';

/** Where the test run's global setup left a migrated template (vitest.global-setup.ts), if it did. */
export const TEMPLATE_ENV = 'DDM_TEST_PGLITE_TEMPLATE';

let template: Promise<Blob> | undefined;

export async function writeMigratedTemplate(file: string): Promise<void> {
  await writeFile(file, Buffer.from(await (await migratedTemplate()).arrayBuffer()));
}

async function loadTemplate(): Promise<Blob> {
  const file = process.env[TEMPLATE_ENV];
  return file ? new Blob([await readFile(file)]) : migratedTemplate();
}

/**
 * A fresh, migrated embedded database. `initdb` costs seconds, so every database starts from a copy
 * of one migrated template: the test run's, made once for every file, or else this file's own.
 */
export async function freshDb(): Promise<Db> {
  return openPglite(undefined, await freshPglite());
}

/** The PGlite of a fresh, migrated embedded database, for a test that also reaches it behind the platform's back. */
export async function freshPglite(): Promise<PGlite> {
  template ??= loadTemplate();
  return PGlite.create({ loadDataDir: await template });
}
