import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeUrn } from '../../contracts/model-derivative';
import { objectUrn } from '../../contracts/oss';
import { createOAuthApp } from '../cli/admin-commands';
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
import { exportBytes } from './export';
import { importState } from './import';
import { SnapshotError } from './snapshot-error';
import { tarEntries, tarEnd, tarHeader, tarPadding } from './tar';

const open: StatePlatform[] = [];
const platform = async () => {
  const made = await platformOn(await freshDb());
  open.push(made);
  return made;
};
afterEach(async () => {
  for (const made of open.splice(0)) await made.close();
});

const text = (value: string) => new TextEncoder().encode(value);
/** The demo seed and a whole import take tens of seconds on a busy two-core machine. */
const LONG = 240_000;

/** The archive's entries, by name, as bytes. */
async function entriesOf(archive: Uint8Array) {
  const entries: { name: string; bytes: Uint8Array }[] = [];
  for await (const entry of tarEntries(Readable.from([archive]))) {
    const chunks: Uint8Array[] = [];
    for await (const chunk of entry.body) chunks.push(chunk);
    entries.push({ name: entry.name, bytes: Buffer.concat(chunks) });
  }
  return entries;
}

function archiveOf(entries: { name: string; bytes: Uint8Array }[]): Uint8Array {
  const at = new Date('2026-01-01T00:00:00Z');
  return Buffer.concat(
    entries
      .flatMap((entry) => [tarHeader(entry.name, entry.bytes.length, at), entry.bytes, tarPadding(entry.bytes.length)])
      .concat(tarEnd()),
  );
}

/** Seeded once: the demo seed costs seconds of a busy machine. */
const source = beforeAllSource();
function beforeAllSource() {
  const state = {} as {
    platform: StatePlatform;
    bearer: Record<string, string>;
    view: Record<string, unknown>;
    archive: Uint8Array;
  };
  beforeAll(async () => {
    state.platform = await platformOn(await freshDb());
    const seeded = await seedState(state.platform);
    state.bearer = await tokenOf(state.platform, seeded.clientId, seeded.secret);
    const json = { ...state.bearer, 'Content-Type': 'application/json' };
    await state.platform.request('/oss/v2/buckets', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ bucketKey: 'kept-bucket', policyKey: 'persistent' }),
    });
    await putBytes(state.platform, state.bearer, 'kept-bucket', 'a.ifc', text('ISO-10303-21;\nEND-ISO-10303-21;\n'));
    await putBytes(state.platform, state.bearer, 'kept-bucket', 'empty.bin', new Uint8Array(0));
    const urn = encodeUrn(objectUrn('kept-bucket', 'a.ifc'));
    const job = await state.platform.request('/modelderivative/v2/designdata/job', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ input: { urn }, output: { formats: [{ type: 'svf2', views: ['3d'] }] } }),
    });
    expect(job.status).toBe(200);
    await state.platform.app.jobs.idle();
    state.view = await apiView(state.platform, state.bearer);
    state.view['manifest'] = await (
      await state.platform.request(`/modelderivative/v2/designdata/${urn}/manifest`, { headers: state.bearer })
    ).json();
    state.archive = await exportBytes(state.platform.snapshot);
  }, LONG);
  afterAll(() => state.platform?.close());
  return state;
}

describe('export and import', () => {
  it(
    'gives a fresh platform the same API answers, bytes and translated manifest',
    async () => {
      const target = await platform();
      const summary = await importState(target.snapshot, source.archive);

      expect(summary.rows).toBeGreaterThan(10_000);
      // The token the source issued verifies on the target: its signing key and the token's row came along.
      const view = await apiView(target, source.bearer);
      const urn = encodeUrn(objectUrn('kept-bucket', 'a.ifc'));
      view['manifest'] = await (
        await target.request(`/modelderivative/v2/designdata/${urn}/manifest`, { headers: source.bearer })
      ).json();
      expect(view).toEqual(source.view);
      expect(source.view['bytes kept-bucket/a.ifc']).toBe(
        createHash('sha1').update('ISO-10303-21;\nEND-ISO-10303-21;\n').digest('hex'),
      );
      expect(Object.values(source.view).filter((value) => /^[0-9a-f]{40}$/.test(String(value))).length).toBeGreaterThan(
        10,
      );
      expect(JSON.stringify(source.view['manifest'])).toContain('"status":"success"');
    },
    LONG,
  );

  it(
    'refuses an archive of another schema version, a damaged one and a cut one, and changes nothing',
    async () => {
      const target = await platform();
      const app = await createOAuthApp(target.stores, { name: 'Target', type: 'server' });
      const bearer = await tokenOf(target, app.client_id, app.client_secret!);
      const json = { ...bearer, 'Content-Type': 'application/json' };
      await target.request('/oss/v2/buckets', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ bucketKey: 'mine', policyKey: 'persistent' }),
      });
      await putBytes(target, bearer, 'mine', 'm.bin', text('mine'));
      const before = await apiView(target, bearer);
      const blobsBefore = await blobIds(target);
      const archive = source.archive;
      const entries = await entriesOf(archive);

      const manifest = JSON.parse(new TextDecoder().decode(entries[0]!.bytes)) as { migrations: number[] };
      const older = { ...manifest, migrations: manifest.migrations.slice(0, -1) };
      const wrongVersion = archiveOf([
        { name: 'manifest.json', bytes: text(JSON.stringify(older)) },
        ...entries.slice(1),
      ]);
      await expect(importState(target.snapshot, wrongVersion)).rejects.toThrow(
        new RegExp(
          `schema is at version ${older.migrations.at(-1)} .*this platform's is at version ${manifest.migrations.at(-1)}`,
        ),
      );

      const blob = entries.findIndex((entry) => entry.name.startsWith('blobs/'));
      const flipped = entries.map((entry, index) =>
        index === blob ? { ...entry, bytes: entry.bytes.map((byte, at) => (at === 0 ? byte ^ 1 : byte)) } : entry,
      );
      await expect(importState(target.snapshot, archiveOf(flipped))).rejects.toThrow(/do not match their digest/);

      const users = entries.findIndex((entry) => entry.name === 'tables/users.jsonl');
      const edited = entries.map((entry, index) => (index === users ? { ...entry, bytes: text('{}\n') } : entry));
      await expect(importState(target.snapshot, archiveOf(edited))).rejects.toThrow(/rows of users do not match/);

      await expect(importState(target.snapshot, archive.subarray(0, archive.length - 3000))).rejects.toThrow(
        SnapshotError,
      );
      await expect(importState(target.snapshot, text('not a tar at all'.repeat(40)))).rejects.toThrow(SnapshotError);

      expect(await apiView(target, bearer)).toEqual(before);
      expect(await blobIds(target)).toEqual(blobsBefore);
    },
    LONG,
  );

  it(
    'rolls back rows the database refuses, keeping nothing of the archive',
    async () => {
      const entries = await entriesOf(source.archive);
      const target = await platform();
      const blobsBefore = await blobIds(target);
      // A row whose foreign key names nothing: the digests match (the manifest is rewritten), the database refuses it.
      const index = entries.findIndex((entry) => entry.name === 'tables/hub_members.jsonl');
      const bad = text('{"hub_id":"nowhere","user_id":"nobody"}\n');
      const manifest = JSON.parse(new TextDecoder().decode(entries[0]!.bytes)) as {
        tables: { name: string; rows: number; sha256: string }[];
      };
      for (const table of manifest.tables)
        if (table.name === 'hub_members')
          Object.assign(table, { rows: 1, sha256: createHash('sha256').update(bad).digest('hex') });
      const changed = entries.map((entry, at) =>
        at === 0
          ? { ...entry, bytes: text(JSON.stringify(manifest)) }
          : at === index
            ? { ...entry, bytes: bad }
            : entry,
      );
      await expect(importState(target.snapshot, archiveOf(changed))).rejects.toThrow(/foreign key/);
      expect(await blobIds(target)).toEqual(blobsBefore);
      expect(await target.stores.users.findByEmail('demo@example.com')).toBeUndefined();
    },
    LONG,
  );
});
