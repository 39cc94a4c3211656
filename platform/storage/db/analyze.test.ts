import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeStaleTables } from './analyze';
import type { Db } from './db';
import { openPglite } from './pglite';

describe("refreshing the embedded database's planner statistics", () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite(undefined);
    await db.exec('CREATE TABLE listed (id integer PRIMARY KEY, name text NOT NULL); CREATE TABLE unused (id integer)');
  });
  afterAll(() => db.close());

  it('analyzes a table never analyzed, then only once it has grown', async () => {
    await db.query("INSERT INTO listed SELECT n, 'row ' || n FROM generate_series(1, 2000) AS n");
    expect(await analyzeStaleTables(db)).toEqual(['listed']);
    const [stats] = await db.query<{ reltuples: number }>("SELECT reltuples FROM pg_class WHERE relname = 'listed'");
    expect(stats?.reltuples).toBe(2000);
    expect(await analyzeStaleTables(db)).toEqual([]);
    await db.query("INSERT INTO listed SELECT n, 'row ' || n FROM generate_series(2001, 6000) AS n");
    expect(await analyzeStaleTables(db)).toEqual(['listed']);
  });
});
