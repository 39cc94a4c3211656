import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOAuthApp, createUser } from '../cli/admin-commands';
import { openDatabase } from '../storage/db/open';
import { freshDb } from '../testing/memory-db';
import { freshSchema, reasonToSkip } from '../testing/shared-database';
import { apiView, blobIds, platformOn, putBytes, tokenOf, type StatePlatform } from '../testing/snapshot-state';
import { createBaseline } from './baseline';
import { exportBytes } from './export';
import { importState } from './import';

const skip = reasonToSkip('snapshot on PostgreSQL');
const LONG = 240_000;
const open: StatePlatform[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const made of open.splice(0)) await made.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function onPostgres() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ddm-snapshot-pg-'));
  dirs.push(dir);
  const made = await platformOn(await openDatabase({ dataDir: dir, databaseUrl: await freshSchema() }));
  open.push(made);
  return made;
}
async function embedded() {
  const made = await platformOn(await freshDb());
  open.push(made);
  return made;
}

/** An app with a bucket of three objects (one empty), a user, and a token. */
async function withState(platform: StatePlatform) {
  const app = await createOAuthApp(platform.stores, { name: 'On a server', type: 'server' });
  await createUser(platform.stores, { email: 'pg@example.com', name: 'P G', password: 'long enough password' });
  const bearer = await tokenOf(platform, app.client_id, app.client_secret!);
  const json = { ...bearer, 'Content-Type': 'application/json' };
  await platform.request('/oss/v2/buckets', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ bucketKey: 'pg-bucket', policyKey: 'persistent' }),
  });
  for (const [key, bytes] of [
    ['a', 'first'],
    ['b', 'second'],
    ['e', ''],
  ] as const)
    await putBytes(platform, bearer, 'pg-bucket', key, new TextEncoder().encode(bytes));
  return { bearer, json };
}

describe.skipIf(skip)('snapshots on a PostgreSQL server', () => {
  it(
    'moves the whole state from the embedded database to a server and back',
    async () => {
      const source = await embedded();
      const { bearer } = await withState(source);
      const view = await apiView(source, bearer);
      const server = await onPostgres();
      await importState(server.snapshot, await exportBytes(source.snapshot));
      expect(await apiView(server, bearer)).toEqual(view);
      const back = await embedded();
      await importState(back.snapshot, await exportBytes(server.snapshot));
      expect(await apiView(back, bearer)).toEqual(view);
    },
    LONG,
  );

  it(
    'exports consistently while requests overwrite and delete',
    async () => {
      const server = await onPostgres();
      const { bearer } = await withState(server);
      let writing = true;
      const writer = (async () => {
        for (let round = 0; writing; round++) {
          await putBytes(server, bearer, 'pg-bucket', 'a', new TextEncoder().encode(`round ${round}`));
          await server.request(`/oss/v2/buckets/pg-bucket/objects/a/copyto/c`, { method: 'PUT', headers: bearer });
          await server.request(`/oss/v2/buckets/pg-bucket/objects/c`, { method: 'DELETE', headers: bearer });
        }
      })();
      const archives: Uint8Array[] = [];
      for (let n = 0; n < 4; n++) archives.push(await exportBytes(server.snapshot));
      writing = false;
      await writer;
      for (const archive of archives) {
        const target = await embedded();
        expect((await importState(target.snapshot, archive)).blobs).toBe((await blobIds(target)).length);
      }
    },
    LONG,
  );

  it(
    'resets to a baseline and refuses a damaged archive without a change',
    async () => {
      const server = await onPostgres();
      const { bearer, json } = await withState(server);
      const baseline = await createBaseline(server.snapshot);
      const view = await apiView(server, bearer);
      const archive = await exportBytes(server.snapshot);
      await server.request('/oss/v2/buckets', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ bucketKey: 'later', policyKey: 'persistent' }),
      });
      await server.request('/oss/v2/buckets/pg-bucket/objects/a', { method: 'DELETE', headers: bearer });
      await createUser(server.stores, { email: 'late@example.com', name: 'Late', password: 'long enough password' });
      const changed = await apiView(server, bearer);

      await expect(importState(server.snapshot, archive.subarray(0, archive.length - 1500))).rejects.toThrow(
        /ends early|damaged/,
      );
      expect(await apiView(server, bearer)).toEqual(changed);

      await baseline.reset();
      expect(await apiView(server, bearer)).toEqual(view);
      expect(await server.stores.users.findByEmail('late@example.com')).toBeUndefined();
      await baseline.dispose();
    },
    LONG,
  );
});
