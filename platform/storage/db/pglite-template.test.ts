import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrate';
import { openDatabase } from './open';
import { defaultTemplateDir, readTemplate, templateFile, writeTemplate } from './pglite-template';

const hasMarker = async (query: (sql: string) => Promise<{ marker: string | null }[]>) =>
  (await query(`SELECT to_regclass('template_marker')::text AS marker`))[0]?.marker !== null;

describe('the embedded database template', () => {
  let root: string;
  let templateDir: string;
  let file: string;
  const loadKept = async () => PGlite.create({ loadDataDir: await readTemplate(file) });
  /** The kept template, changed by `sql` and kept again. */
  const changeKept = async (sql: string) => {
    const kept = await loadKept();
    await kept.exec(sql);
    await writeTemplate(file, await kept.dumpDataDir('none'));
    await kept.close();
  };
  const open = async (name: string) => {
    await mkdir(path.join(root, name), { recursive: true });
    return openDatabase({ dataDir: path.join(root, name), templateDir });
  };
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'ddm-template-'));
    templateDir = path.join(root, 'cache');
    file = await templateFile(templateDir);
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('is the first new database, dumped once migrated and before anything else was written', async () => {
    const db = await open('first');
    await db.query(
      `INSERT INTO apps (client_id, name, type, secret_hash, callbacks, scopes) VALUES ('written-after', 'n', 'server', 'h', '{}', '{}')`,
    );
    await db.close();
    const template = await loadKept();
    const apps = await template.query<{ client_id: string }>('SELECT client_id FROM apps');
    const migrations = await template.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id');
    await template.close();
    expect(apps.rows.map((row) => row.client_id)).toEqual(['ddm-platform']);
    expect(migrations.rows.map((row) => row.id)).toEqual(MIGRATIONS.map((migration) => migration.id));
  });

  it('is what the next new database starts from, and an existing one is left as it is', async () => {
    // A template told apart from one the platform would make: loaded, marked, kept again.
    await changeKept('CREATE TABLE template_marker (id integer)');

    const next = await open('second');
    expect(await hasMarker((sql) => next.query(sql))).toBe(true);
    expect(await next.query('SELECT id FROM schema_migrations')).toHaveLength(MIGRATIONS.length);
    await next.close();
    const existing = await open('first');
    expect(await hasMarker((sql) => existing.query(sql))).toBe(false);
    expect(await existing.query(`SELECT 1 FROM apps WHERE client_id = 'written-after'`)).toHaveLength(1);
    await existing.close();
  });

  it('is made again when it does not load, and the new database is made as without one', async () => {
    await writeFile(file, 'not a dump of a database');
    const db = await open('third');
    expect(await hasMarker((sql) => db.query(sql))).toBe(false);
    expect(await db.query('SELECT id FROM schema_migrations')).toHaveLength(MIGRATIONS.length);
    await db.close();
    expect((await stat(file)).size).toBeGreaterThan(1 << 20);
  });

  it('is made again when it loads but does not migrate', async () => {
    await changeKept('DELETE FROM schema_migrations');
    const db = await open('fourth');
    expect(await db.query('SELECT id FROM schema_migrations')).toHaveLength(MIGRATIONS.length);
    await db.close();
    const remade = await loadKept();
    expect((await remade.query('SELECT id FROM schema_migrations')).rows).toHaveLength(MIGRATIONS.length);
    await remade.close();
  });

  it('lives in the user cache, $XDG_CACHE_HOME first, named by PGlite and the migrations', () => {
    expect(defaultTemplateDir({ XDG_CACHE_HOME: '/c' })).toBe(path.join('/c', 'design-data-manager'));
    expect(defaultTemplateDir({})).toBe(path.join(os.homedir(), '.cache', 'design-data-manager'));
    expect(path.basename(file)).toMatch(/^pglite-\d+\.\d+\.\d+-[0-9a-f]{16}\.tar$/);
  });
});
