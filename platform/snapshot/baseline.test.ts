import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeUrn } from '../../contracts/model-derivative';
import { objectUrn } from '../../contracts/oss';
import { createUser } from '../cli/admin-commands';
import { freshDb } from '../testing/memory-db';
import {
  apiView,
  blobIds,
  platformOn,
  putBytes,
  seedState,
  tokenOf,
  type StatePlatform,
} from '../testing/snapshot-state';
import { createBaseline, type Baseline } from './baseline';
import { KEPT } from './catalogue';
import { captureState } from './capture';

const text = (value: string) => new TextEncoder().encode(value);

type Tables = Awaited<ReturnType<typeof rowsOf>>;

/** Every row of every table but the platform's own keys and secrets, which a restore keeps (catalogue.ts). */
async function rowsOf(platform: StatePlatform) {
  const captured = await captureState(platform.snapshot);
  await captured.release();
  return captured.tables.filter((table) => !KEPT.has(table.name));
}

/** One seeded platform and its baseline for every test: each resets it, and the demo seed costs seconds. */
const LONG = 240_000;
const state = {} as Awaited<ReturnType<typeof seeded>> & {
  baseline: Baseline;
  rows: Tables;
  blobs: string[];
  view: object;
};
beforeAll(async () => {
  Object.assign(state, await seeded());
  state.baseline = await createBaseline(state.platform.snapshot);
  state.rows = await rowsOf(state.platform);
  state.blobs = await blobIds(state.platform);
  state.view = await apiView(state.platform, state.bearer);
}, LONG);
afterAll(async () => {
  await state.baseline?.dispose();
  await state.platform?.close();
});

async function seeded() {
  const platform = await platformOn(await freshDb());
  const { clientId, secret } = await seedState(platform);
  const bearer = await tokenOf(platform, clientId, secret);
  const json = { ...bearer, 'Content-Type': 'application/json' };
  const bucket = (bucketKey: string) =>
    platform.request('/oss/v2/buckets', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ bucketKey, policyKey: 'persistent' }),
    });
  await bucket('seeded');
  await putBytes(platform, bearer, 'seeded', 'keep.ifc', text('ISO-10303-21;\nEND-ISO-10303-21;\n'));
  return { platform, clientId, secret, bearer, json, bucket };
}

describe('createBaseline', () => {
  it(
    'resets a new bucket, a deleted seeded object, a new user and changed rows, exactly',
    async () => {
      const { platform, clientId, secret, baseline, rows, blobs, view, bucket } = state;

      for (let round = 0; round < 2; round++) {
        const fresh = await tokenOf(platform, clientId, secret);
        await bucket('later');
        await putBytes(platform, fresh, 'later', 'new.bin', text('made after the baseline'));
        const deleted = await platform.request('/oss/v2/buckets/seeded/objects/keep.ifc', {
          method: 'DELETE',
          headers: fresh,
        });
        expect(deleted.status).toBe(200);
        await createUser(platform.stores, {
          email: `late${round}@example.com`,
          name: 'Late',
          password: 'long enough password',
        });
        await platform.stores.db.query(
          `UPDATE dm_items SET display_name = display_name || '.old' WHERE display_name LIKE 'record-000%'`,
        );
        await platform.stores.db.query(
          `DELETE FROM dm_versions WHERE id IN (SELECT id FROM dm_versions ORDER BY id LIMIT 3)`,
        );
        expect((await blobIds(platform)).length).toBe(blobs.length);

        await baseline.reset();

        // The deleted object's blob was stored again, under a new id the rows now name.
        expect(differences(await rowsOf(platform), rows)).toEqual([]);
        expect((await blobIds(platform)).length).toBe(blobs.length);
        expect(await platform.stores.users.findByEmail(`late${round}@example.com`)).toBeUndefined();
        // Tokens issued since are gone with their rows: a client signs in again, and sees what it saw.
        expect((await platform.request('/oss/v2/buckets', { headers: fresh })).status).toBe(401);
        expect(await apiView(platform, await tokenOf(platform, clientId, secret))).toEqual(view);
      }
    },
    LONG,
  );

  it(
    'stops a translation running at reset; its job is gone with the rows',
    async () => {
      const { platform, bearer, json, baseline } = state;
      const translator = platform.translator;
      translator.mode = 'held';
      const urn = encodeUrn(objectUrn('seeded', 'keep.ifc'));
      const posted = await platform.request('/modelderivative/v2/designdata/job', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ input: { urn }, output: { formats: [{ type: 'svf2', views: ['3d'] }] } }),
      });
      expect(posted.status).toBe(200);
      const held = await translator.nextHeld();

      await baseline.reset();

      expect(held.signal.aborted).toBe(true);
      // The token was issued before the baseline, so it still holds.
      expect(
        (await platform.request(`/modelderivative/v2/designdata/${urn}/manifest`, { headers: bearer })).status,
      ).toBe(404);
      translator.mode = 'auto';
    },
    LONG,
  );

  it(
    'resets the demo seed in well under a second (the figure is printed)',
    async () => {
      const { platform, bearer, baseline } = state;
      const times: number[] = [];
      for (let round = 0; round < 5; round++) {
        await putBytes(platform, bearer, 'seeded', `extra-${round}.bin`, text('x'));
        await platform.stores.db.query(`UPDATE dm_items SET hidden = true WHERE display_name = 'record-0001.txt'`);
        const started = performance.now();
        await baseline.reset();
        times.push(performance.now() - started);
      }
      console.log(`reset of the demo seed after a change: ${times.map((ms) => ms.toFixed(0)).join(', ')} ms`);
      expect(Math.min(...times)).toBeLessThan(1000);
    },
    LONG,
  );
});

/** Rows of one side the other lacks, by table; blob ids masked, since a blob stored again has a new one. */
function differences(actual: Tables, expected: Tables): string[] {
  const masked = (line: string) => line.replace(/"blob_id": "[0-9a-z]{34}"/g, '"blob_id": "?"');
  const lines = (tables: Tables) =>
    new Set(tables.flatMap((table) => table.lines.map((line) => `${table.name} ${masked(line)}`)));
  const [got, want] = [lines(actual), lines(expected)];
  return [
    ...[...got].filter((line) => !want.has(line)).map((line) => `+ ${line}`),
    ...[...want].filter((line) => !got.has(line)).map((line) => `- ${line}`),
  ];
}
