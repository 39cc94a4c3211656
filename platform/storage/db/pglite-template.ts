import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS, migrate } from './migrate';
import { openPglite } from './pglite';

/**
 * Where migrated empty databases are kept between starts: the user's cache (`$XDG_CACHE_HOME`, else
 * `~/.cache`), `design-data-manager/`. Undefined without a home to put it in.
 */
export function defaultTemplateDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const base = env['XDG_CACHE_HOME'] || (homeDir() ? path.join(homeDir(), '.cache') : '');
  return base ? path.join(base, 'design-data-manager') : undefined;
}

// A user with neither HOME nor a passwd entry has no home: os.homedir() throws then.
function homeDir(): string {
  try {
    return os.homedir();
  } catch {
    return '';
  }
}

async function pgliteVersion(): Promise<string> {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const manifest = JSON.parse(await readFile(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/** The template's file: named by PGlite's version and every migration's text, so an upgrade makes a new one. */
export async function templateFile(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const migration of MIGRATIONS) hash.update(`${migration.id}\n${migration.sql}\n`);
  return path.join(dir, `pglite-${await pgliteVersion()}-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** `initdb` and the migrations, dumped: what every fresh embedded database starts from. */
export async function migratedTemplate(): Promise<Blob> {
  const pg = await PGlite.create();
  try {
    await migrate(await openPglite(undefined, pg));
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}

export async function readTemplate(file: string): Promise<Blob | undefined> {
  try {
    return new Blob([await readFile(file)]);
  } catch {
    return undefined;
  }
}

/** Written whole or not at all (temporary file, fsync, rename): a start that finds it may load it at any moment. */
export async function writeTemplate(file: string, template: Blob): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(new Uint8Array(await template.arrayBuffer()));
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}
