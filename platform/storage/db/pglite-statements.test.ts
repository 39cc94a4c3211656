import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { openPglite } from './pglite';
import { MAX_PREPARED } from './pglite-statements';

describe('statements on the embedded database', () => {
  let pg: PGlite;
  let db: Db;
  beforeAll(async () => {
    pg = await PGlite.create();
    db = await openPglite(undefined, pg);
    await db.exec(
      'CREATE TABLE things (id integer PRIMARY KEY, name text NOT NULL, tags text[], at timestamptz, doc jsonb)',
    );
  });
  afterAll(() => db.close());
  const prepared = async () =>
    (await pg.query<{ n: number }>('SELECT count(*)::integer AS n FROM pg_prepared_statements')).rows[0]?.n;

  it('binds and reads every kind of value the repositories use', async () => {
    const at = new Date('2026-11-28T10:00:00.123Z');
    const [row] = await db.query<Record<string, unknown>>(
      'INSERT INTO things (id, name, tags, at, doc) VALUES ($1, $2, $3, $4, $5) RETURNING *',
      [1, 'it\'s \\ "quoted"', ['a', 'b,c', '"d"'], at, JSON.stringify({ k: [1, 2] })],
    );
    expect(row).toEqual({ id: 1, name: 'it\'s \\ "quoted"', tags: ['a', 'b,c', '"d"'], at, doc: { k: [1, 2] } });
    expect(
      await db.query('SELECT id FROM things WHERE name = $1 AND $2::boolean AND at <= $3', [
        row?.['name'] as string,
        true,
        new Date(),
      ]),
    ).toEqual([{ id: 1 }]);
    expect(await db.query('UPDATE things SET name = $2 WHERE id = $1', [99, 'none'])).toEqual([]);
  });

  it("answers a failing statement with the database's error and goes on", async () => {
    await expect(db.query('INSERT INTO things (id, name) VALUES ($1, $2)', [1, 'again'])).rejects.toMatchObject({
      code: '23505',
    });
    await expect(db.query('SELEC broken')).rejects.toMatchObject({ code: '42601' });
    await expect(db.query('SELEC broken')).rejects.toMatchObject({ code: '42601' });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO things (id, name) VALUES ($1, $2)', [2, 'rolled back']);
        await tx.query('INSERT INTO things (id, name) VALUES ($1, $2)', [1, 'duplicate']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('SELECT id FROM things ORDER BY id')).toEqual([{ id: 1 }]);
  });

  it('keeps at most a bounded number of statements prepared, the least recently used closed first', async () => {
    for (let n = 0; n < MAX_PREPARED + 40; n++)
      await db.query(`SELECT ${n}::integer AS n, id FROM things WHERE id = $1`, [1]);
    expect(await db.query('SELECT 7::integer AS n, id FROM things WHERE id = $1', [1])).toEqual([{ n: 7, id: 1 }]);
    expect(await prepared()).toBeLessThanOrEqual(MAX_PREPARED + 1);
  });

  it('shares statement names between two wrappers of one database', async () => {
    const second = await openPglite(undefined, pg);
    const sql = 'SELECT name FROM things WHERE id = $1 AND name <> $2';
    expect(await db.query(sql, [1, 'x'])).toHaveLength(1);
    expect(await second.query('SELECT count(*)::integer AS n FROM things WHERE id > $1', [0])).toEqual([{ n: 1 }]);
    expect(await second.query(sql, [1, 'y'])).toHaveLength(1);
  });

  it('waits for a transaction before running a statement from outside it', async () => {
    let release = () => undefined as void;
    let entered = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query('UPDATE things SET name = $2 WHERE id = $1', [1, 'inside']);
      entered();
      await held;
      await tx.query('UPDATE things SET name = $2 WHERE id = $1', [1, 'committed']);
    });
    await inside;
    const outside = db.query<{ name: string }>('SELECT name FROM things WHERE id = $1 AND $2::integer > 0', [1, 1]);
    release();
    await transaction;
    expect(await outside).toEqual([{ name: 'committed' }]);
  });
});
