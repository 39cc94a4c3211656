import type { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshPglite } from '../../testing/memory-db';
import type { Db } from './db';
import { openPglite } from './pglite';
import { readMemory } from './read-memory';
import { SCHEMA_SQL, schemaFrom, tablesIn, writtenTables, type Schema } from './written-tables';

const SCHEMA: Schema = schemaFrom([
  { name: 'parents', dependents: ['children'] },
  { name: 'children', dependents: ['grandchildren'] },
  { name: 'grandchildren', dependents: [] },
  { name: 'others', dependents: [] },
]);

describe('the tables of a statement', () => {
  it("names the schema's tables a statement uses, and what a write reaches through cascading keys", () => {
    expect(
      tablesIn('SELECT c.id FROM Children c JOIN others o ON o.id = c.id, parents WHERE c.status = $1', SCHEMA),
    ).toEqual(new Set(['children', 'others', 'parents']));
    expect(writtenTables('DELETE FROM parents WHERE id = $1', SCHEMA)).toEqual(
      new Set(['parents', 'children', 'grandchildren']),
    );
    expect(writtenTables('UPDATE others SET n = 1', SCHEMA)).toEqual(new Set(['others']));
    // A write to no known table, or to the schema itself, may change anything.
    expect(writtenTables('INSERT INTO newcomers VALUES (1)', SCHEMA)).toBeUndefined();
    expect(writtenTables('TRUNCATE others CASCADE', SCHEMA)).toBeUndefined();
    expect(writtenTables('ALTER TABLE others ADD COLUMN x int', SCHEMA)).toBeUndefined();
  });

  it('forgets only the answers a write may have changed, and every one when it cannot tell', async () => {
    const memory = readMemory();
    memory.learn(SCHEMA);
    const answer = (sql: string) => memory.query(sql, [], () => Promise.resolve([{ at: performance.now() }]));
    const reads = ['SELECT * FROM others', 'SELECT * FROM grandchildren', 'SELECT 1'];
    const before = await Promise.all(reads.map(answer));
    memory.wrote('UPDATE others SET n = 1');
    const after = await Promise.all(reads.map(answer));
    expect(after.map((rows, index) => rows === before[index])).toEqual([false, true, false]);
    memory.wrote('DELETE FROM parents');
    expect(await answer(reads[1]!)).not.toBe(after[1]);
    memory.wrote('CREATE TABLE newcomers (id int)');
    expect(memory.schema).toBeUndefined();
  });
});

describe("the platform's schema", () => {
  let pg: PGlite;
  let db: Db;
  beforeEach(async () => {
    pg = await freshPglite();
    db = await openPglite(undefined, pg);
  });
  afterEach(() => db.close());

  it('has no triggers, rules or views, which a write could reach other tables through unseen', async () => {
    const { rows } = await pg.query<{ n: number }>(`SELECT
      (SELECT count(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace)
      + (SELECT count(*) FROM pg_rules WHERE schemaname = current_schema())
      + (SELECT count(*) FROM pg_views WHERE schemaname = current_schema()) AS n`);
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('cascades from a manifest to its jobs, derivatives and their files', async () => {
    const schema = schemaFrom((await pg.query<{ name: string; dependents: string[] }>(SCHEMA_SQL)).rows);
    expect(writtenTables('DELETE FROM md_manifests WHERE urn = $1', schema)).toEqual(
      new Set(['md_manifests', 'md_jobs', 'md_derivatives', 'md_files']),
    );
  });

  it('keeps an answer across writes to other tables, and reads again after one to its own', async () => {
    const BUCKET = 'SELECT owner_client_id AS owner FROM oss_buckets WHERE bucket_key = $1';
    await db.query(
      "INSERT INTO apps (client_id, name, type, secret_hash, scopes) VALUES ('app-1', 'A', 'server', 'x', '{}'), ('app-2', 'B', 'server', 'x', '{}')",
    );
    await db.query(
      "INSERT INTO oss_buckets (bucket_key, owner_client_id, policy_key, region, created_at) VALUES ('b', 'app-1', 'persistent', 'US', now())",
    );
    expect(await db.query(BUCKET, ['b'])).toEqual([{ owner: 'app-1' }]);
    // Changed behind the platform's back: what it still answers is what it remembered.
    await pg.query("UPDATE oss_buckets SET owner_client_id = 'app-2'");
    await db.query("INSERT INTO hubs (id, name) VALUES ('h1', 'One')");
    expect(await db.query(BUCKET, ['b'])).toEqual([{ owner: 'app-1' }]);
    await db.query("UPDATE apps SET name = 'Renamed' WHERE client_id = 'app-1'");
    expect(await db.query(BUCKET, ['b'])).toEqual([{ owner: 'app-2' }]);
  });
});
