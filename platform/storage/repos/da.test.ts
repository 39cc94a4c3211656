import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbBackends } from '../../testing/db-backends';
import type { Db } from '../db/db';
import { daAppsRepo } from './da-apps';
import { daItemsRepo, type DaItemKey } from './da-items';
import { daWorkitemsRepo } from './da-workitems';
import { ossRepo } from './oss';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);
const bundle = (owner: string, name: string): DaItemKey => ({ kind: 'appbundle', owner, name });

// Design Automation's queries on every metadata store the platform runs on: PGlite, and PostgreSQL in CI.
describe.each(dbBackends)('Design Automation metadata on $name', ({ open }) => {
  let dir: string;
  let db: Db;
  let items: ReturnType<typeof daItemsRepo>;
  let apps: ReturnType<typeof daAppsRepo>;
  let workitems: ReturnType<typeof daWorkitemsRepo>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-da-repo-'));
    db = await open(dir);
    items = daItemsRepo(db);
    apps = daAppsRepo(db);
    workitems = daWorkitemsRepo(db);
    await db.query(
      "INSERT INTO apps (client_id, name, type, secret_hash, scopes) VALUES ('client-a', 'A', 'server', 'x', '{}'), ('client-b', 'B', 'server', 'x', '{}'), ('client-c', 'C', 'server', 'x', '{}')",
    );
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('numbers versions without reusing a deleted number, and keeps the version an alias holds', async () => {
    const key = bundle('Alpha', 'Tool');
    expect(await items.create(key, 'client-a', 'Local.Test+1', { engine: 'Local.Test+1' }, at(0))).toBe(true);
    expect(await items.create(key, 'client-a', 'Local.Test+1', {}, at(0))).toBe(false);
    expect(await items.addVersion(key, 'Local.Test+1', { v: 2 }, at(1), 100)).toEqual({ version: 2 });
    expect(await items.addVersion(key, 'Local.Test+1', { v: 3 }, at(2), 2)).toBe('limit');
    expect(await items.createAlias(key, { alias: 'prod', version: 1, receiver: null }, at(3), 100)).toBe('done');
    expect(await items.createAlias(key, { alias: 'prod', version: 2, receiver: null }, at(3), 100)).toBe('exists');
    expect(await items.createAlias(key, { alias: 'beta', version: 9, receiver: null }, at(3), 100)).toBe('no-version');
    expect(await items.deleteVersion(key, 1)).toBe('aliased');
    expect(await items.deleteVersion(key, 2)).toEqual({ blobId: null });
    expect(await items.deleteVersion(key, 1)).toBe('aliased');
    expect(await items.addVersion(key, 'Local.Test+1', { v: 3 }, at(4), 100)).toEqual({ version: 3 });
    expect(await items.versions(key, 0, 10)).toEqual([1, 3]);
    expect((await items.latest(key))?.version).toBe(3);
    expect(await items.updateAlias(key, 'prod', { version: 3, receiver: undefined })).toBe('done');
    expect(await items.deleteVersion(key, 1)).toEqual({ blobId: null });
    expect(await items.deleteVersion(key, 3)).toBe('aliased');
    expect(await items.deleteAlias(key, 'prod')).toBe(true);
    expect(await items.deleteVersion(key, 3)).toBe('last');
  });

  it('lists own ids with $LATEST first and the aliases shared with the app after them, paged by position', async () => {
    await items.create(bundle('Bravo', 'Shared'), 'client-b', 'Local.Test+1', {}, at(0));
    await items.createAlias(bundle('Bravo', 'Shared'), { alias: 'forA', version: 1, receiver: 'Charlie' }, at(0), 100);
    await items.createAlias(
      bundle('Bravo', 'Shared'),
      { alias: 'public', version: 1, receiver: 'everyone' },
      at(0),
      100,
    );
    await items.createAlias(bundle('Bravo', 'Shared'), { alias: 'private', version: 1, receiver: null }, at(0), 100);
    await items.create(bundle('Charlie', 'Mine'), 'client-a', 'Local.Test+1', {}, at(0));
    await items.createAlias(bundle('Charlie', 'Mine'), { alias: 'a1', version: 1, receiver: null }, at(0), 100);
    const all = await items.listVisible('appbundle', 'Charlie', ['Charlie', 'client-a', 'everyone'], null, 10);
    expect(all.map((id) => `${id.owner}.${id.name}+${id.alias}`)).toEqual([
      'Charlie.Mine+$LATEST',
      'Charlie.Mine+a1',
      'Bravo.Shared+forA',
      'Bravo.Shared+public',
    ]);
    const second = await items.listVisible('appbundle', 'Charlie', ['Charlie', 'client-a', 'everyone'], all[1]!, 10);
    expect(second).toEqual(all.slice(2));
    expect(await items.listVisible('activity', 'Charlie', ['Charlie'], null, 10)).toEqual([]);
    expect(await items.shares('Bravo', null, 10)).toEqual([
      { kind: 'appbundle', name: 'Shared', alias: 'forA', receiver: 'Charlie' },
      { kind: 'appbundle', name: 'Shared', alias: 'public', receiver: 'everyone' },
    ]);
  });

  it('keeps nicknames unique, refuses one while the app owns data, and deletes everything with the app', async () => {
    expect(await apps.setNickname('client-c', 'Nick', { Exponent: 'AQ==', Modulus: 'Ag==' })).toBe('set');
    expect(await apps.setNickname('client-a', 'nick', null)).toBe('taken');
    expect(await apps.setNickname('client-a', 'client-b', null)).toBe('taken');
    expect(await apps.setNickname('client-a', 'Other', null)).toBe('has-data');
    expect(await apps.setNickname('client-c', 'Nick', null)).toBe('set');
    expect(await apps.find('client-c')).toMatchObject({
      nickname: 'Nick',
      publicKey: { Exponent: 'AQ==', Modulus: 'Ag==' },
    });
    expect(await apps.ownerOf('client-c')).toBe('Nick');
    expect(await apps.appExists('NICK')).toBe(true);
    expect(await apps.appExists('nobody')).toBe(false);
    await items.setPackage(bundle('Bravo', 'Shared'), 1, { id: 'blob-da-1', size: 5 }, at(1));
    expect(await ossRepo(db).unreferencedBlobs(['blob-da-1', 'blob-free'])).toEqual(['blob-free']);
    expect(await apps.deleteAll('client-b')).toEqual(['blob-da-1']);
    expect(await items.latest(bundle('Bravo', 'Shared'))).toBeUndefined();
    expect(await apps.deleteAll('client-c')).toEqual([]);
    expect(await apps.ownerOf('client-c')).toBe('client-c');
  });

  it('moves a workitem through its states once, and sweeps it with its blobs after retention', async () => {
    const stats = { timeQueued: '2026-01-01T00:00:00.0000000Z' };
    await workitems.insert([
      {
        id: 'w1',
        clientId: 'client-a',
        owner: 'Charlie',
        activityId: 'Charlie.Act+prod',
        spec: { a: 1 },
        stats,
        createdAt: at(0),
      },
    ]);
    expect(await workitems.allLive()).toMatchObject([{ id: 'w1', status: 'pending', attempts: 0, spec: { a: 1 } }]);
    expect(await workitems.start('w1', stats)).toMatchObject({ status: 'inprogress', attempts: 1 });
    const end = { status: 'success' as const, stats, report: { id: 'report-1', size: 10 }, debug: null, at: at(10) };
    expect(await workitems.finish('w1', end)).toBe(true);
    expect(await workitems.finish('w1', { ...end, status: 'cancelled' })).toBe(false);
    expect(await workitems.start('w1', stats)).toBeUndefined();
    expect(await ossRepo(db).unreferencedBlobs(['report-1'])).toEqual([]);
    expect(await workitems.find('w1')).toMatchObject({
      status: 'success',
      reportBlobId: 'report-1',
      reportSize: 10,
      debugBlobId: null,
      finishedAt: at(10),
    });
    expect(await workitems.deleteFinishedBefore(at(5), 10)).toEqual({ count: 0, blobs: [] });
    expect(await workitems.deleteFinishedBefore(at(11), 10)).toEqual({ count: 1, blobs: ['report-1'] });
  });
});
