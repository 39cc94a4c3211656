import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnstorableTextError, type Db } from './db';
import { MIGRATIONS, migrate } from './migrate';
import { openDatabase } from './open';
import { createStores } from '../stores';
import { dbBackends } from '../../testing/db-backends';

describe.each(dbBackends)('metadata storage on $name', ({ open }) => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-db-'));
    db = await open(dir);
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('applies every migration once and records it', async () => {
    const rows = await db.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual(MIGRATIONS.map((migration) => migration.id));
    expect(await migrate(db)).toEqual([]);
  });

  it('commits a transaction that succeeds and rolls back one that throws', async () => {
    const stores = createStores(db);
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO hubs (id, name) VALUES ('a.kept', 'Kept')");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO hubs (id, name) VALUES ('a.lost', 'Lost')");
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    expect(await stores.hubs.find('a.kept')).toMatchObject({ name: 'Kept' });
    expect(await stores.hubs.find('a.lost')).toBeUndefined();
  });

  it('reads back timestamps as dates, arrays as arrays and counts as numbers', async () => {
    const [row] = await db.query<{ at: Date; list: string[]; big: number }>(
      "SELECT now() AS at, ARRAY['a','b']::text[] AS list, 9007199254740991::bigint AS big",
    );
    expect(row!.at).toBeInstanceOf(Date);
    expect(row!.list).toEqual(['a', 'b']);
    expect(row!.big).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('shows a user only the hubs they belong to, and an app only the hubs it was granted', async () => {
    const stores = createStores(db);
    const user = await stores.users.create({
      email: `Member-${path.basename(dir)}@Example.com`,
      name: 'M',
      passwordHash: 'x',
    });
    expect(user.email).toBe(user.email.toLowerCase());
    const app = await stores.apps.create({
      clientId: `c${path.basename(dir)}`,
      name: 'a',
      type: 'server',
      secretHash: 'h',
      callbacks: [],
      scopes: ['data:read'],
    });
    const joined = await stores.hubs.create('Joined');
    const granted = await stores.hubs.create('Granted');
    await stores.hubs.create('Neither');
    await stores.hubs.addMember(joined.id, user.id);
    await stores.hubs.grantApp(granted.id, app.clientId);
    const forUser = await stores.hubs.listVisible({ kind: 'user', userId: user.id, clientId: app.clientId });
    const forApp = await stores.hubs.listVisible({ kind: 'app', clientId: app.clientId });
    expect(forUser.map((hub) => hub.name)).toEqual(['Joined']);
    expect(forApp.map((hub) => hub.name)).toEqual(['Granted']);
  });

  it('refuses a NUL or a lone surrogate in a parameter with UnstorableTextError, in and out of transactions', async () => {
    const stores = createStores(db);
    await expect(stores.hubs.find('a.\u0000')).rejects.toBeInstanceOf(UnstorableTextError);
    await expect(db.query('SELECT $1::text[] AS v', [['fine', 'half \ud800']])).rejects.toMatchObject({
      name: 'UnstorableTextError',
      parameter: 1,
    });
    await expect(
      db.transaction((tx) => tx.query('SELECT $1::text AS a, $2::text AS b', ['ok', '\udc00'])),
    ).rejects.toMatchObject({ parameter: 2 });
    // Everything else PostgreSQL text holds still goes through unchanged: other controls, emoji, CJK.
    const text = 'tab\there \u0001 😀 設計';
    expect(await db.query<{ v: string }>('SELECT $1::text AS v', [text])).toEqual([{ v: text }]);
  });
});

describe('the embedded database', () => {
  it('keeps what was written across a close and reopen of its data directory', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-db-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await createStores(first).hubs.create('Durable');
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      expect(await createStores(second).hubs.findByName('Durable')).toBeDefined();
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
