import { afterEach, describe, expect, it } from 'vitest';
import { freshDb } from '../testing/memory-db';
import { platformOn, type StatePlatform } from '../testing/snapshot-state';
import { exportBytes } from './export';
import { importState } from './import';

const open: StatePlatform[] = [];
afterEach(async () => {
  for (const made of open.splice(0)) await made.close();
});
const platform = async () => {
  const made = await platformOn(await freshDb());
  open.push(made);
  return made;
};

const event = (at: Date) => ({
  region: 'US',
  system: 'data',
  event: 'dm.folder.added',
  resourceUrn: 'urn:adsk.wipprod:fs.folder:co.x',
  scopeKey: 'folder',
  scopeValues: ['urn:adsk.wipprod:fs.folder:co.x'],
  payload: {},
  at,
});
const ids = async (made: StatePlatform) =>
  (await made.stores.db.query<{ id: number }>('SELECT id::integer AS id FROM wh_events ORDER BY id')).map(
    (row) => row.id,
  );

describe('a restore and serial ids', () => {
  it('gives the next row an id past those the archive brought, from another platform', async () => {
    const source = await platform();
    for (let n = 0; n < 3; n++) await source.stores.webhookEvents.record(source.stores.db, event(source.clock.now()));
    const archive = await exportBytes(source.snapshot);

    const target = await platform();
    await importState(target.snapshot, archive);
    await target.stores.webhookEvents.record(target.stores.db, event(target.clock.now()));
    expect(await ids(target)).toEqual([1, 2, 3, 4]);
  });
});
