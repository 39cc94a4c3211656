import { afterEach, describe, expect, it } from 'vitest';
import { freshDb } from '../testing/memory-db';
import { blobIds, platformOn, putBytes, tokenOf, type StatePlatform } from '../testing/snapshot-state';
import { createOAuthApp } from '../cli/admin-commands';
import { exportBytes } from './export';
import { importState } from './import';

const open: StatePlatform[] = [];
afterEach(async () => {
  for (const made of open.splice(0)) await made.close();
});

describe('an export while requests write', () => {
  it('is consistent: every blob a row names is in it, and it imports', async () => {
    const platform = await platformOn(await freshDb());
    open.push(platform);
    const app = await createOAuthApp(platform.stores, { name: 'Writer', type: 'server' });
    const bearer = await tokenOf(platform, app.client_id, app.client_secret!);
    const json = { ...bearer, 'Content-Type': 'application/json' };
    await platform.request('/oss/v2/buckets', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ bucketKey: 'busy', policyKey: 'persistent' }),
    });
    for (let n = 0; n < 5; n++)
      await putBytes(platform, bearer, 'busy', `o${n}`, new TextEncoder().encode(`first ${n}`));

    // Overwrites and deletes free blobs the moment they commit; copies share them.
    let writing = true;
    const writer = (async () => {
      for (let round = 0; writing; round++) {
        const key = `o${round % 5}`;
        await putBytes(platform, bearer, 'busy', key, new TextEncoder().encode(`round ${round}`));
        await platform.request(`/oss/v2/buckets/busy/objects/${key}/copyto/c${round % 3}`, {
          method: 'PUT',
          headers: bearer,
        });
        if (round % 4 === 0)
          await platform.request(`/oss/v2/buckets/busy/objects/c${round % 3}`, { method: 'DELETE', headers: bearer });
      }
    })();
    const archives: Uint8Array[] = [];
    for (let n = 0; n < 4; n++) archives.push(await exportBytes(platform.snapshot));
    writing = false;
    await writer;

    for (const archive of archives) {
      const target = await platformOn(await freshDb());
      open.push(target);
      // The import checks that each blob its rows name came with the archive, with its length.
      const summary = await importState(target.snapshot, archive);
      expect(summary.blobs).toBe((await blobIds(target)).length);
      const objects = await target.stores.db.query<{ n: number }>('SELECT count(*)::int AS n FROM oss_objects');
      expect(objects[0]!.n).toBeGreaterThanOrEqual(5);
      await target.close();
      open.pop();
    }
  });
});
